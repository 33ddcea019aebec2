import stat

modes = [
    0o100644, 0o100755, 0o040755, 0o040700, 0o120777, 0o020620, 0o060660,
    0o010644, 0o140755, 0o104755, 0o102755, 0o041777, 0o041776, 0o106644,
    0o101644, 0o100000, 0o000000, 0o007777, 0o107777, 0o170000, 0o177777,
    0o030644, 0o050644, 0o160644, 0o644, 2**32 - 1, True, False,
]
for m in modes:
    print(
        oct(m), stat.filemode(m), stat.S_IFMT(m), stat.S_IMODE(m),
        stat.S_ISDIR(m), stat.S_ISCHR(m), stat.S_ISBLK(m), stat.S_ISREG(m),
        stat.S_ISFIFO(m), stat.S_ISLNK(m), stat.S_ISSOCK(m),
        stat.S_ISDOOR(m), stat.S_ISPORT(m), stat.S_ISWHT(m),
    )

# every permission bit alone, and every file type with all bits
for bit in range(12):
    print(bit, stat.filemode(stat.S_IFREG | (1 << bit)))
for t in (stat.S_IFDIR, stat.S_IFCHR, stat.S_IFBLK, stat.S_IFREG, stat.S_IFIFO,
          stat.S_IFLNK, stat.S_IFSOCK):
    print(stat.filemode(t | 0o7777), stat.filemode(t), stat.S_IFMT(t | 0o7777) == t)

print(type(stat.S_ISDIR(0)).__name__, type(stat.S_IFMT(0)).__name__)
print(type(stat.filemode(0)).__name__, len(stat.filemode(0o100644)))

funcs = [stat.S_ISDIR, stat.S_ISCHR, stat.S_ISBLK, stat.S_ISREG, stat.S_ISFIFO,
         stat.S_ISLNK, stat.S_ISSOCK, stat.S_ISDOOR, stat.S_ISPORT, stat.S_ISWHT,
         stat.S_IMODE, stat.S_IFMT, stat.filemode]
for bad in [-1, 2**32, 2**40, 2**64, 2**70, -2**70, 1.5, "x", None, [1]]:
    for f in funcs:
        try:
            print(repr(f(bad)))
        except (TypeError, OverflowError) as e:
            print(type(e).__name__, e)
for f in funcs:
    try:
        f()
    except TypeError as e:
        print(e)
    try:
        f(1, 2)
    except TypeError as e:
        print(e)
