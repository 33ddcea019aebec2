# array.array as a buffer: bytes(), bytearray(), join, +, +=, slice
# assignment, extend and the bytes methods take its machine bytes; and
# reversed() walks it as a sequence.
from array import array

def attempt(label, f):
    try:
        r = f()
    except Exception as e:
        print(label, type(e).__name__, e)
    else:
        print(label, r)

a = array('i', [1, 2, -3])
print(bytes(a) == a.tobytes(), len(bytes(a)) == a.itemsize * len(a))
print(bytes(array('b', [-1, 0, 127])))
print(bytes(array('B', [0, 255])))
print(bytes(array('h', [1, -2])))
print(bytes(array('H', [258])))
print(bytes(array('d', [1.5])))
print(bytes(array('f', [0.25])))
print(bytes(array('u', 'hé')))
print(bytes(array('q', [2 ** 40])))
print(bytes(array('i')), bytearray(array('i')))
print(bytearray(a))
print(b"".join([a, b"|", array('B', [65, 66])]))
print(b", ".join([array('b', [49]), bytearray(b'2')]))
print(bytearray(b"-").join([array('B', [120])]))
print(b"ab" + array('B', [99]))
print(bytearray(b"x") + array('h', [1]))
x = bytearray(b"q")
x += array('B', [1, 2])
print(x)
x[0:1] = array('h', [513])
print(x)
x.extend(array('B', [9]))
print(x)
print(b"abc\x01".find(array('b', [1])), b"abc".count(array('B', [98])), b"abcb".rfind(array('B', [98])))
print(b"abc".startswith(array('b', [97])), b"abc".endswith((b"z", array('B', [99]))))
print(b"a1b1c".split(array('B', [49])), b"xay".replace(array('B', [97]), b"AA"))
print(b"abc".index(array('B', [99])), array('B', [97]) in [b"a"])
# reversed(): the sequence protocol, as CPython (array has no __reversed__)
print(list(reversed(a)), list(reversed(array('d', [0.5, 1.5]))), list(reversed(array('u', 'abc'))))
print(list(reversed(array('b'))), hasattr(array, '__reversed__'))
class Sub(array):
    pass
s = Sub('H', [1, 2, 3])
print(list(reversed(s)), bytes(s), b"".join([s]))
r = reversed(array('i', [1, 2, 3]))
print(next(r))
b = array('i', [1, 2, 3])
r = reversed(b)
print(next(r))
del b[:]
print(list(r))
# still refused where CPython refuses
attempt("array + bytes", lambda: array('b', [1]) + b"x")
attempt("bytes == array", lambda: b"\x01" == array('b', [1]))
attempt("join str", lambda: b"".join([a, "x"]))
attempt("bytes(array) of str array", lambda: bytes(array('u', 'a')).decode('utf-32'))
