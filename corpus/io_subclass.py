# Subclasses of io.StringIO and io.BytesIO: overridden write/read/readline/close
import io

class Upper(io.StringIO):
    def write(self, s):
        return super().write(s.upper())

u = Upper()
print("hi there", file=u)
u.writelines(["a\n", "b"])
print(repr(u.getvalue()), isinstance(u, io.StringIO), isinstance(u, io.TextIOBase))

class Doubled(io.StringIO):
    def readline(self, *args):
        line = super().readline(*args)
        return line * 2

print(list(Doubled("a\nb\n")), Doubled("a\nb\n").readlines(), Doubled("x\ny\n").readlines(2))

class BadLine(io.StringIO):
    def readline(self, *args):
        return 42

try:
    list(BadLine("a"))
except OSError as e:
    print(type(e).__name__, e)

class Logged(io.StringIO):
    def __init__(self, initial="", tag="log"):
        super().__init__(initial)
        self.tag = tag
        self.events = []

    def close(self):
        self.events.append("close")
        super().close()

    def read(self, n=-1):
        self.events.append(("read", n))
        return super().read(n)

with Logged("data", tag="t") as f:
    print(f.read(2), f.read(), f.tag)
print(f.events, f.closed)

class NoInit(io.StringIO):
    def __init__(self):
        pass

n = NoInit()
for what, method in [("read", n.read), ("getvalue", n.getvalue), ("tell", n.tell)]:
    try:
        method()
    except ValueError as e:
        print(what, e)
try:
    n.closed
except ValueError as e:
    print("closed", e)
try:
    n.write("x")
except ValueError as e:
    print("write", e)

class BUpper(io.BytesIO):
    def write(self, b):
        return super().write(bytes(b).upper())

b = BUpper(b"start")
b.seek(0, 2)
b.write(b"-x")
b.writelines([b"-a", b"-b"])
print(b.getvalue())

class BNoInit(io.BytesIO):
    def __init__(self):
        pass

print(BNoInit().getvalue(), BNoInit().write(b"ok"))

class Counting(io.BytesIO):
    def __init__(self, data):
        super().__init__(data)
        self.reads = 0

    def read(self, n=-1):
        self.reads += 1
        return super().read(n)

c = Counting(b"abc\ndef\n")
print(c.read(1), list(c), c.reads)

class NotReadable(io.StringIO):
    def readable(self):
        return False

    def writable(self):
        return 1

nr = NotReadable()
for check, method in [("_checkReadable", nr._checkReadable), ("_checkWritable", nr._checkWritable),
                      ("_checkSeekable", nr._checkSeekable)]:
    try:
        print(check, method())
    except io.UnsupportedOperation as e:
        print(check, type(e).__name__, e)

class FakeClosed(io.StringIO):
    @property
    def closed(self):
        return True

try:
    FakeClosed().isatty()
except ValueError as e:
    print("isatty", e)
print(FakeClosed("z").read())
