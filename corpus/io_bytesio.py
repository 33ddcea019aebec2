# io.BytesIO: the whole surface and its errors
import io
from io import BytesIO

def attempt(label, f):
    try:
        r = f()
        print(label, "->", repr(r))
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)

b = BytesIO(b"hello\nworld\n")
print(b.read(3), b.tell(), b.read1(2), b.read1(), b.read(), b.read1(-1))
b.seek(0)
print(b.readline(), b.readline(2), b.readline(), b.readline(0), b.readline(None), b.readline())
b.seek(0)
print(b.readlines(), list(BytesIO(b"a\nb")), b.readlines())
b.seek(0)
print(b.readlines(5), b.readlines(None))
b.seek(0)
print(b.readlines(6), b.readlines(0))
print(BytesIO(bytearray(b"ab")).getvalue(), BytesIO(None).getvalue(), BytesIO(initial_bytes=b"z").read())
print(type(BytesIO(b"a").getvalue()).__name__, type(BytesIO(b"a").read()).__name__)

w = BytesIO()
print(w.write(b"abc"), w.write(bytearray(b"de")), w.write(b""), w.tell(), w.getvalue())
print(w.writelines([b"1", bytearray(b"2")]), w.getvalue())
w.seek(10)
print(w.write(b"x"), w.getvalue(), w.tell())
print(w.truncate(2), w.tell(), w.getvalue(), w.truncate(), w.tell())
w.seek(1)
print(w.write(b"ZZZ"), w.getvalue())
print(w.seek(-1, 2), w.read(), w.seek(-100, 1), w.seek(2, 1), w.seek(-10, 2), w.seek(5, 2))

r = BytesIO(b"abcdef")
buf = bytearray(4)
print(r.readinto(buf), bytes(buf), r.readinto(buf), bytes(buf), r.readinto(buf))
r.seek(1)
buf = bytearray(2)
print(r.readinto1(buf), buf, r.readinto(bytearray()))

print(r.readable(), r.writable(), r.seekable(), r.isatty(), r.flush(), r.closed)
print(r._checkClosed(), r._checkSeekable())
with BytesIO(b"ctx") as f:
    print(f.read(), f.closed)
print(f.closed)

attempt("init str", lambda: BytesIO("x"))
attempt("init int", lambda: BytesIO(1))
attempt("write str", lambda: BytesIO().write("x"))
attempt("write int", lambda: BytesIO().write(1))
attempt("writelines int", lambda: BytesIO().writelines(1))
attempt("writelines mixed", lambda: BytesIO().writelines([b"a", "b"]))
attempt("seek -1", lambda: BytesIO().seek(-1))
attempt("seek 1 1", lambda: BytesIO().seek(1, 1))
attempt("seek whence 3", lambda: BytesIO().seek(0, 3))
attempt("seek float", lambda: BytesIO().seek(0.5))
attempt("seek big", lambda: BytesIO().seek(2 ** 63))
attempt("seek big whence", lambda: BytesIO().seek(0, 2 ** 40))
big = BytesIO()
big.seek(2 ** 62)
attempt("seek overflow", lambda: big.seek(2 ** 62, 1))
attempt("seek overflow 2", lambda: big.seek(2 ** 62 + 2 ** 61, 1))
attempt("truncate -1", lambda: BytesIO().truncate(-1))
attempt("truncate str", lambda: BytesIO().truncate("a"))
attempt("truncate big", lambda: BytesIO().truncate(2 ** 63))
attempt("read str", lambda: BytesIO().read("a"))
attempt("read float", lambda: BytesIO().read(1.0))
attempt("readline str", lambda: BytesIO().readline("a"))
attempt("readlines str", lambda: BytesIO().readlines("a"))
attempt("readlines float", lambda: BytesIO().readlines(1.5))
attempt("read1 str", lambda: BytesIO().read1("a"))
attempt("readinto bytes", lambda: BytesIO(b"x").readinto(b"aa"))
attempt("readinto str", lambda: BytesIO(b"x").readinto("aa"))
attempt("detach", lambda: BytesIO().detach())
attempt("fileno", lambda: BytesIO().fileno())
attempt("next", lambda: next(BytesIO()))
attempt("encoding", lambda: BytesIO().encoding)

c = BytesIO(b"abc")
c.close()
for name, method in [("read", c.read), ("read1", c.read1), ("readline", c.readline),
                     ("readlines", c.readlines), ("getvalue", c.getvalue), ("tell", c.tell),
                     ("flush", c.flush), ("isatty", c.isatty), ("readable", c.readable),
                     ("writable", c.writable), ("seekable", c.seekable), ("__enter__", c.__enter__),
                     ("__next__", c.__next__), ("truncate", c.truncate), ("close", c.close),
                     ("_checkClosed", c._checkClosed)]:
    attempt(name, method)
print(iter(c) is c, c.closed)
attempt("write", lambda: c.write(b"x"))
attempt("write str", lambda: c.write("x"))
attempt("writelines", lambda: c.writelines([]))
attempt("readinto bytes", lambda: c.readinto(b"x"))
attempt("readinto", lambda: c.readinto(bytearray(1)))
attempt("seek", lambda: c.seek(0))
attempt("seek str", lambda: c.seek("a"))
attempt("truncate str", lambda: c.truncate("a"))
attempt("exit", lambda: c.__exit__(None, None, None))
print(isinstance(BytesIO(), io.BufferedIOBase), isinstance(BytesIO(), io.IOBase),
      isinstance(BytesIO(), io.TextIOBase), isinstance(BytesIO(), io.RawIOBase))

# __init__ again starts over (even after close)
b = BytesIO(b'a')
b.close()
b.__init__(b'xy')
print(b.read(), b.closed)
b = BytesIO(b'abc')
b.seek(2)
b.__init__()
print(b.getvalue(), b.tell())
