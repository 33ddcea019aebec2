# io.StringIO: writing, reading, lines, iteration, getvalue, context manager
import io
from io import StringIO

s = StringIO()
print(s.write("hello"), s.write(" world\n"), s.write(""))
print(s.tell(), repr(s.getvalue()))
print(s.writelines(["a\n", "b\n", "c"]))
print(repr(s.getvalue()), s.tell())
s.seek(0)
print(repr(s.read(5)), repr(s.read(1)), repr(s.read()), repr(s.read()))
s.seek(0)
print(repr(s.readline()), repr(s.readline(1)), repr(s.readline(-1)), repr(s.readline(None)))
s.seek(0)
print(s.readlines())
s.seek(0)
print(s.readlines(12))
s.seek(0)
print(s.readlines(13), s.readlines(0))
s.seek(0)
print([line for line in s])
s.seek(0)
print(list(enumerate(s)))
print(next(iter(StringIO("x\ny"))))

# initial value: the position starts at 0
t = StringIO("abc\ndef")
print(t.tell(), t.read(), t.tell())
t = StringIO(initial_value="zz", newline="\n")
print(t.getvalue())
print(repr(StringIO(None).getvalue()), repr(StringIO().read()))

# overwriting in the middle, writing past the end pads with NULs
t = StringIO("abcdef")
t.seek(2)
t.write("XY")
print(t.getvalue(), t.tell())
t.seek(10)
print(t.write("!"), repr(t.getvalue()), t.tell())
t.seek(3)
print(repr(t.read(2)))

# non-ASCII text counts code points
u = StringIO("a\x00\u20ac\U0001F600b")
print(u.read(3), u.tell(), u.read(), u.tell())
u.seek(2)
print(u.write("\u00e9\u00e9"), u.getvalue(), len(u.getvalue()))

# truncate
t = StringIO("hello world")
t.seek(5)
print(t.truncate(), repr(t.getvalue()), t.tell())
print(t.truncate(2), repr(t.getvalue()), t.tell())
print(t.truncate(100), repr(t.getvalue()))
t.seek(0, 2)
print(t.tell(), t.write("!"), repr(t.getvalue()))
t.seek(8)
print(t.truncate(), repr(t.getvalue()), t.read(), t.tell())

# status methods and properties
s = StringIO("q")
print(s.readable(), s.writable(), s.seekable(), s.isatty(), s.flush())
print(s.closed, s.line_buffering, s.newlines, s.encoding, s.errors)
print(s._checkClosed(), s._checkReadable(), s._checkWritable(), s._checkSeekable())

# the context manager closes
with StringIO("inside") as f:
    print(f.read(), f.closed)
print(f.closed)
s.close()
s.close()
print(s.closed)

# print(file=...) and any .write caller
out = StringIO()
print("x", 1, 2.5, sep="|", end=";\n", file=out)
print(file=out)
print(*range(3), file=out)
print(repr(out.getvalue()))
print(type(out).__name__, type(out).__module__, type(out).__qualname__, io.StringIO is StringIO)

# __init__ again starts over (even after close)
s = StringIO('a')
s.close()
s.__init__('bc')
print(s.read(), s.closed)
s = StringIO('abc')
s.seek(2)
s.__init__(newline='')
print(repr(s.getvalue()), s.tell(), s.newlines)
