# fnmatch with bytes names and patterns (latin-1 through the regex)
import fnmatch

print(fnmatch.fnmatch(b'data.bin', b'*.bin'), fnmatch.fnmatchcase(b'DATA.BIN', b'*.bin'))
print(fnmatch.fnmatchcase(b'\xe9t\xe9', b'?t?'), fnmatch.fnmatchcase(b'\xff', b'[\xf0-\xff]'))
print(fnmatch.fnmatchcase(b'a\nb', b'a*'), fnmatch.fnmatchcase(b'x-y', b'x[-]y'))
print(fnmatch.filter([b'a.c', b'b.h', b'c.o', b'.c'], b'*.[ch]'))
print(fnmatch.fnmatchcase(bytearray(b'abc'), b'a*'), fnmatch.fnmatchcase(b'', b''))
print(fnmatch.fnmatchcase(b'[x]', b'[[]x]'), fnmatch.fnmatchcase(b'\\', b'[\\]'))
for pat in [b'*', b'[!a]', b'[a-c-e]', b'\x00?', b'a|b']:
    print(pat, fnmatch.fnmatchcase(b'a', pat), fnmatch.fnmatchcase(b'\x00x', pat))
