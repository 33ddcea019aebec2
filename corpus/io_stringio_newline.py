# io.StringIO's newline argument: translation on write, line splitting and newlines
from io import StringIO

text = "a\r\nb\rc\nd"
for nl in [None, "", "\n", "\r", "\r\n"]:
    s = StringIO(text, newline=nl)
    print(repr(nl), repr(s.getvalue()), s.tell(), s.readlines(), s.newlines)
    s = StringIO(newline=nl)
    print(" ", s.newlines, s.write("x\r"), s.write("\ny\r\n"), repr(s.getvalue()), s.newlines)
    s.seek(0)
    print(" ", list(s))
    s = StringIO(newline=nl)
    s.write("one\ntwo\n")
    print(" ", repr(s.getvalue()), s.newlines)
    s.seek(0)
    print(" ", [s.readline(2), s.readline(), s.readline()])

# newlines accumulates across writes
s = StringIO(newline=None)
for piece in ["a\n", "b\r", "c\r\n", "d"]:
    s.write(piece)
    print(repr(piece), s.newlines)
s = StringIO(newline="")
for piece in ["\r", "\n", "x\r\ny"]:
    s.write(piece)
    print(repr(piece), s.newlines)
s.seek(0)
print(s.readlines())

# a \r at the end of one write and \n at the start of the next
s = StringIO(newline=None)
s.write("a\r")
s.write("\nb")
print(repr(s.getvalue()))
s = StringIO()
s.write("\r")
print(repr(s.getvalue()), s.newlines)

# readline with a size limit that splits a \r\n
s = StringIO("ab\r\ncd", newline="")
print(repr(s.readline(3)), repr(s.readline()), repr(s.readline()))
s = StringIO("ab\r\ncd", newline="\r\n")
print(repr(s.readline(3)), repr(s.readline()), repr(s.readline()))
s = StringIO("ab\rcd\r", newline="\r")
print(repr(s.readline()), repr(s.readline()), repr(s.readline()))
s = StringIO("x\r", newline="")
print(s.readlines())
