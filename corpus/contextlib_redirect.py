import io
from contextlib import redirect_stdout, redirect_stderr

buf = io.StringIO()
with redirect_stdout(buf) as target:
    print("captured", 1, 2, sep="-")
    print("second line", end="!")
print("target is buf:", target is buf)
print(repr(buf.getvalue()))

class Collector:
    def __init__(self):
        self.parts = []
    def write(self, s):
        self.parts.append(s)
        return len(s)
col = Collector()
with redirect_stdout(col):
    print("a", "b")
    print()
print(col.parts)

# restored after an exception
buf2 = io.StringIO()
try:
    with redirect_stdout(buf2):
        print("before error")
        raise ValueError("oops")
except ValueError as e:
    print("restored:", e)
print(repr(buf2.getvalue()))

# nested and reused
outer, inner = io.StringIO(), io.StringIO()
r = redirect_stdout(outer)
with r:
    print("outer 1")
    with redirect_stdout(inner):
        print("inner")
    print("outer 2")
    with r:
        print("outer reentered")
    print("outer 3")
print(repr(outer.getvalue()), repr(inner.getvalue()))

def noisy(n):
    for i in range(n):
        print("line", i)
    return n
f = io.StringIO()
with redirect_stdout(f):
    res = noisy(3)
print(res, f.getvalue().splitlines())

# print(file=...) inside still goes to its own file
other = io.StringIO()
with redirect_stdout(io.StringIO()) as hidden:
    print("to other", file=other)
    print("to hidden")
print(repr(other.getvalue()), repr(hidden.getvalue()))

err = io.StringIO()
with redirect_stderr(err) as e2:
    print("stdout still works")
print(e2 is err, repr(err.getvalue()))

class Bad:
    pass
try:
    with redirect_stdout(Bad()):
        print("no write method")
except AttributeError as e:
    print("AttributeError", e)
print("after bad")

# a writer that raises
class Raising:
    def write(self, s):
        raise RuntimeError("write failed")
try:
    with redirect_stdout(Raising()):
        print("x")
except RuntimeError as e:
    print("RuntimeError", e)
print("stdout back")
try:
    redirect_stdout()
except TypeError as e:
    print("TypeError", e)
