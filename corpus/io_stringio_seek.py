# io.StringIO.seek/tell: the cookie is the position; whence 0/1/2 and the errors
import io
from io import StringIO

s = StringIO("hello\nworld\n")
print(io.SEEK_SET, io.SEEK_CUR, io.SEEK_END, io.DEFAULT_BUFFER_SIZE)
print(s.seek(3), s.read(2), s.tell())
pos = s.tell()
print(s.readline(), s.seek(pos), s.readline())
print(s.seek(0, io.SEEK_END), s.read(), s.seek(0, 1), s.seek(0, 0))
print(s.seek(100), repr(s.read()), s.tell(), s.seek(0, 2))
print(s.seek(True), s.tell())

def attempt(f):
    try:
        print("ok", repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

attempt(lambda: s.seek(-1))
attempt(lambda: s.seek(1, 1))
attempt(lambda: s.seek(-1, 1))
attempt(lambda: s.seek(3, 2))
attempt(lambda: s.seek(0, 3))
attempt(lambda: s.seek(-5, 3))
attempt(lambda: s.seek(0, -1))
attempt(lambda: s.seek(0.5))
attempt(lambda: s.seek("0"))
attempt(lambda: s.seek(None))
attempt(lambda: s.seek(0, 1.0))
attempt(lambda: s.seek(0, None))
attempt(lambda: s.seek(2 ** 63))
attempt(lambda: s.seek(0, 2 ** 40))
attempt(lambda: s.seek(0, 2 ** 70))
try:
    s.seek(1, 1)
except io.UnsupportedOperation as e:
    print("never", e)
except OSError as e:
    print("OSError only:", type(e).__name__, isinstance(e, ValueError))

class Idx:
    def __index__(self):
        return 4
print(s.seek(Idx()), s.read(3), s.seek(0, Idx() if False else 0))
attempt(lambda: s.read(Idx()))
attempt(lambda: s.truncate(Idx()))
print(repr(s.getvalue()))

# a huge position is just a number until something is written
s = StringIO("abc")
print(s.seek(10 ** 9), repr(s.read()), s.tell(), s.getvalue())
attempt(lambda: s.seek(2 ** 63 - 1))
attempt(lambda: s.write("x"))
print(s.tell(), repr(s.getvalue()))
