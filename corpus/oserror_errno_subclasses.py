# OSError(errno, ...) makes the subclass for that errno (PEP 3151), as CPython
for c in (1, 2, 3, 4, 10, 11, 13, 17, 20, 21, 32, 103, 104, 110, 111, 114, 115, 108, 999):
    e = OSError(c, "msg")
    print(c, type(e).__name__, e.errno, e.strerror, e)
print(type(OSError(2)).__name__, type(OSError(2, "a", "f")).__name__, OSError(2, "a", "f"))
try:
    raise OSError(2, "No such file or directory", "data.csv")
except FileNotFoundError as e:
    print("caught", repr(e), e.filename)
