# io.StringIO: wrong argument types, closed streams, unsupported operations
import io
from io import StringIO

def attempt(label, f):
    try:
        r = f()
        print(label, "->", repr(r))
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)

attempt("init int", lambda: StringIO(1))
attempt("init bytes", lambda: StringIO(b"x"))
attempt("newline int", lambda: StringIO("a", 1))
attempt("newline x", lambda: StringIO("a", "x"))
attempt("newline crlfcr", lambda: StringIO("a", newline="\r\n\r"))
attempt("newline bytes", lambda: StringIO("a", newline=b"\n"))
attempt("write bytes", lambda: StringIO().write(b"x"))
attempt("write int", lambda: StringIO().write(1))
attempt("write None", lambda: StringIO().write(None))
attempt("writelines int", lambda: StringIO().writelines(1))
attempt("writelines [1]", lambda: StringIO().writelines([1]))
attempt("read str", lambda: StringIO().read("a"))
attempt("read float", lambda: StringIO().read(1.0))
attempt("read big", lambda: StringIO("ab").read(2 ** 70))
attempt("readline str", lambda: StringIO().readline("a"))
attempt("readlines str", lambda: StringIO().readlines("a"))
attempt("truncate -1", lambda: StringIO().truncate(-1))
attempt("truncate str", lambda: StringIO().truncate("a"))
attempt("truncate big", lambda: StringIO().truncate(2 ** 63))
attempt("detach", lambda: StringIO().detach())
attempt("fileno", lambda: StringIO().fileno())
attempt("name", lambda: StringIO().name)
attempt("next empty", lambda: next(StringIO()))

s = StringIO("data")
s.close()
for name, method in [("read", s.read), ("readline", s.readline), ("readlines", s.readlines),
                     ("getvalue", s.getvalue), ("tell", s.tell), ("flush", s.flush), ("isatty", s.isatty),
                     ("readable", s.readable), ("writable", s.writable), ("seekable", s.seekable),
                     ("__enter__", s.__enter__), ("__iter__", s.__iter__), ("__next__", s.__next__),
                     ("truncate", s.truncate), ("close", s.close), ("_checkClosed", s._checkClosed),
                     ("_checkReadable", s._checkReadable), ("detach", s.detach), ("fileno", s.fileno)]:
    attempt(name, method)
attempt("__exit__", lambda: s.__exit__(None, None, None))
attempt("write", lambda: s.write("x"))
attempt("write int", lambda: s.write(1))
attempt("seek", lambda: s.seek(0))
attempt("seek str", lambda: s.seek("a"))
attempt("truncate str", lambda: s.truncate("a"))
attempt("read str", lambda: s.read("a"))
attempt("writelines", lambda: s.writelines([]))
attempt("closed", lambda: s.closed)
attempt("line_buffering", lambda: s.line_buffering)
attempt("newlines", lambda: s.newlines)
attempt("encoding", lambda: s.encoding)
attempt("errors", lambda: s.errors)
attempt("with", lambda: [None for _ in [0] if s.__enter__()])

try:
    StringIO().detach()
except io.UnsupportedOperation as e:
    print("caught", type(e).__name__, e.args, isinstance(e, OSError), isinstance(e, ValueError))
try:
    StringIO().fileno()
except ValueError as e:
    print("caught as ValueError:", e)
print(issubclass(io.UnsupportedOperation, OSError), issubclass(io.UnsupportedOperation, ValueError))
print(io.UnsupportedOperation.__name__, io.UnsupportedOperation.__module__)
