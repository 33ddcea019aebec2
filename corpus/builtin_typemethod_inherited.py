# A builtin subtype finds its base's class methods: bool.from_bytes is
# int.from_bytes and gives a bool; dict subclasses and int subclasses keep
# their own type from the alternate constructors.
import collections


class MyInt(int):
    pass


class D(dict):
    pass


print(bool.from_bytes(b'\x01', 'big'), bool.from_bytes(b'\x00\x00', 'little'), bool.from_bytes(b'\x05', 'big'))
print(type(MyInt.from_bytes(b'\x02', 'big')).__name__, MyInt.from_bytes(b'\x02', 'big'))
print(type(D.fromkeys('ab')).__name__, D.fromkeys('ab', 0))
for t in (collections.OrderedDict, collections.defaultdict, dict):
    print(t.__name__, t.fromkeys('ab', 1))
try:
    collections.Counter.fromkeys('ab')
except NotImplementedError as e:
    print(e)
print(float.fromhex('0x1p1'), type(type('F', (float,), {}).fromhex('0x1p1')).__name__)  # safepy: ignore[SP308]
print(bytes.fromhex('41'), bytearray.fromhex('42'), str.maketrans({'a': 'b'}), int.from_bytes(b'\x01\x00', 'big'))
