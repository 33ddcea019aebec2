# __new__ of a builtin type is a static method: A.__new__(A) on a plain
# class makes a bare instance; the wrong class is CPython's TypeError
class A:
    def __init__(self):
        print("init not run by __new__")
a = A.__new__(A)
print(type(a).__name__, isinstance(a, A))
class B(A):
    pass
b = A.__new__(B)
print(type(b).__name__)
try:
    B.__new__(A)
except TypeError as e:
    print("TypeError", e)
print(type(object.__new__(B)).__name__)

# full slices of an exact str or tuple are the object itself
s = "hello"
t = (1, 2, 3)
print(s[:] is s, s[0:5] is s, s[::1] is s, s[1:] is s, t[:] is t, t[::-1] is t)

# str methods name the wrong argument's type (None as "None")
for bad in [lambda: 'a'.replace('l', None), lambda: 'a'.replace(1, 'x'), lambda: 'a'.split(5),
            lambda: 'a'.rsplit(b'x'), lambda: 'a'.strip(5), lambda: 'a'.lstrip(1.5),
            lambda: 'a'.rstrip([1])]:
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)

# int.__new__(cls, ...) and its kin, called on the builtin type
class Even(int):
    def __new__(cls, v):
        return int.__new__(cls, v * 2)
class Shout(str):
    def __new__(cls, v):
        return str.__new__(cls, v.upper())
class Pair(tuple):
    def __new__(cls, a, b):
        return tuple.__new__(cls, (a, b))
print(Even(3), type(Even(3)).__name__, Shout("hi"), Pair(1, 2), type(Pair(1, 2)).__name__)
for bad in [lambda: int.__new__(str), lambda: tuple.__new__(5), lambda: str.__new__(Even)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)
