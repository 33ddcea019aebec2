# The class methods of a builtin base reached on a subclass: D.fromkeys
# fills cls() through its own __setitem__, B.fromhex and I.from_bytes
# return cls(value), str.maketrans stays static
class D(dict):
    pass
d = D.fromkeys("ab", 0)
print(type(d).__name__, d)
class B(bytes):
    pass
b = B.fromhex("41 42")
print(type(b).__name__, b)
class S(str):
    pass
print(S.maketrans("a", "b"))
class I(int):
    pass
x = I.from_bytes(b"\x01\x00", "little")
print(type(x).__name__, x)
class F(dict):
    def __setitem__(self, k, v):
        print("set", k, v)
        super().__setitem__(k, v)
print(F.fromkeys([1, 2]))
class BA(bytearray):
    pass
ba = BA.fromhex("00ff")
print(type(ba).__name__, ba)
class Tagged(bytes):
    def __new__(cls, value):
        return super().__new__(cls, value + b"!")
print(Tagged.fromhex("41"))
import collections
class C(collections.Counter):
    pass
try:
    C.fromkeys("ab")
except NotImplementedError as e:
    print(e)
