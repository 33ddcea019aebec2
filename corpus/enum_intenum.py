# IntEnum and StrEnum: members are ints / strs
from enum import IntEnum, StrEnum, ReprEnum, Enum


class Shape(IntEnum):
    CIRCLE = 1
    SQUARE = 2
    TRIANGLE = 3


print(Shape.CIRCLE, repr(Shape.SQUARE), str(Shape.TRIANGLE), format(Shape.CIRCLE, '03d'))
print(f"{Shape.SQUARE}", f"{Shape.SQUARE!r}", f"{Shape.SQUARE:x}", "%d %s" % (Shape.CIRCLE, Shape.CIRCLE))
print(Shape.CIRCLE == 1, Shape.CIRCLE < Shape.SQUARE, Shape.TRIANGLE > 2, Shape.SQUARE <= 2)
print(sorted([Shape.TRIANGLE, Shape.CIRCLE, 2]))
print(Shape.SQUARE + 1, Shape.SQUARE * Shape.TRIANGLE, -Shape.CIRCLE, Shape.TRIANGLE // 2)
print(isinstance(Shape.CIRCLE, int), int(Shape.TRIANGLE), hash(Shape.SQUARE) == hash(2))
print(Shape(2), [10, 20, 30, 40][Shape.TRIANGLE], list(range(Shape.TRIANGLE)))
print({1: 'one'}[Shape.CIRCLE], {Shape.CIRCLE: 'c'}[1])
print(Shape.CIRCLE.real, Shape.SQUARE.bit_length(), Shape.CIRCLE.value, type(Shape.CIRCLE.value))


class Method(StrEnum):
    GET = 'GET'
    POST = 'POST'


print(Method.GET, repr(Method.POST), str(Method.GET), format(Method.POST, '>6'), f"[{Method.GET}]")
print(Method.GET == 'GET', Method.GET.lower(), Method.POST + '!', len(Method.POST), 'OS' in Method.POST)
print(isinstance(Method.GET, str), Method('POST'), ','.join(Method), sorted(Method))
print(Method.GET.value, type(Method.GET.value).__name__)

for bad in (1, 2.5, b'x'):
    try:
        class Bad(StrEnum):
            A = bad
    except TypeError as e:
        print('TypeError', e)

try:
    class Bad2(StrEnum):
        A = ('a', 'utf-8', 'strict', 'x')
except TypeError as e:
    print('TypeError', e)


class Enc(StrEnum):
    A = (b'abc', 'ascii')


print(repr(Enc.A))

try:
    class NoData(ReprEnum):
        A = 1
except TypeError as e:
    print('TypeError', e)


class MyInt(int, ReprEnum):
    A = 5


print(MyInt.A, repr(MyInt.A), format(MyInt.A, '>3'))


class Grade(IntEnum):
    A = 90
    B = 80


print(max(Grade), min(Grade), sum(Grade))
