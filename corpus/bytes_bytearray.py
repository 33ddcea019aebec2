ba = bytearray(b"hello")
print(ba, len(ba), ba[0], ba[1:3], type(ba[1:3]), ba == b"hello", b"hello" == ba)
ba[0] = 72
ba.append(33)
ba.extend(b" ok")
ba.extend([65, 66])
ba.insert(0, 62)
print(ba, ba.pop(), ba.pop(0), ba)
ba[1:3] = b"XYZ"
print(ba)
ba[::2] = b"_" * len(ba[::2])
print(ba)
del ba[0]
del ba[1:3]
print(ba)
ba.remove(95)
ba.reverse()
print(ba, ba.upper(), type(ba.upper()), ba + b"!", b"!" + ba)
c = ba.copy()
c.clear()
print(c, ba, bytearray(3), bytearray([1, 2]), bytearray("é", "utf-8"), bytearray(b"'x"), bytearray(b"\"'"))
ba += b"++"
ba *= 2
print(ba, ba.decode(), bytes(ba), list(bytearray(b"ab")))
x = bytearray(b"abc")
x[1:2] = [100, 101, 102]
x[5:] = bytearray(b"Z")
x[:0] = b"<"
print(x, x.find(b"d"), x.split(b"e"), x.hex(), bytearray(b"a,b").split(b","))
def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)
t(lambda: bytearray(b"abc")[5])
t(lambda: bytearray().append(256))
t(lambda: bytearray(b"a").pop(5))
t(lambda: bytearray().pop())
t(lambda: bytearray(b"a").remove(9))
t(lambda: hash(bytearray()))
t(lambda: {bytearray(): 1})
def setslice():
    y = bytearray(b"abcd")
    y[::2] = b"x"
t(setslice)
def setbad():
    y = bytearray(b"abcd")
    y[0] = 256
t(setbad)
def setstr():
    y = bytearray(b"abcd")
    y[0:1] = "x"
t(setstr)
