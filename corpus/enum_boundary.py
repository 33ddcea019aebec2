# Flag boundaries: STRICT, CONFORM, EJECT, KEEP
from enum import Flag, IntFlag, FlagBoundary, STRICT, CONFORM, EJECT, KEEP


print(list(FlagBoundary), STRICT, repr(KEEP), STRICT == 'strict')
print(Flag._boundary_, IntFlag._boundary_)


class S(Flag, boundary=STRICT):
    A = 1
    B = 2
    C = 8


class C(Flag, boundary=CONFORM):
    A = 1
    B = 2
    C = 8


class E(Flag, boundary=EJECT):
    A = 1
    B = 2
    C = 8


class K(Flag, boundary=KEEP):
    A = 1
    B = 2
    C = 8


for cls in (S, C, E, K):
    print(cls.__name__, cls._boundary_, cls._flag_mask_, cls._all_bits_)
    for v in (3, 4, 7, 16, 17, -1, -8, 0):
        try:
            r = cls(v)
            print('  ', v, repr(r), type(r).__name__)
        except ValueError as e:
            print('  ', v, 'ValueError', e)
    print('  ~A', repr(~cls.A))


class IK(IntFlag, boundary=CONFORM):
    A = 1
    B = 4


print(repr(IK(7)), repr(IK(5)), repr(IK(-1)))


class IS(IntFlag, boundary=STRICT):
    A = 1
    B = 4


try:
    IS(2)
except ValueError as e:
    print('ValueError', e)
print(repr(IS(5)))
