# IntFlag: ints that combine, KEEP boundary, arithmetic
from enum import IntFlag, auto


class Perm(IntFlag):
    R = 4
    W = 2
    X = 1


rw = Perm.R | Perm.W
print(rw, repr(rw), str(rw), format(rw), f"{rw:04b}")
print(Perm.R | 8, repr(Perm.R | 8), repr(Perm(8)), repr(Perm(15)))
print(repr(Perm.R + 1), Perm.R + 1, type(Perm.R + 1).__name__, Perm.R * 2, Perm.W - Perm.X)
print(repr(~Perm.R), ~Perm.R, repr(~rw), repr(Perm(-1)), repr(Perm(0)))
print(repr(Perm.R & 6), repr(6 & Perm.R), repr(Perm.R ^ 6), repr(1 | Perm.W))
print(list(rw), len(rw), Perm.R in rw, 2 in [Perm.W], rw == 6, rw > 5)
print(isinstance(rw, int), isinstance(rw, Perm), int(rw), hash(rw) == hash(6))
print(list(Perm), [int(p) for p in Perm])
print(Perm(7), repr(Perm(7)), Perm(7).name)
try:
    print('x' in rw)
except TypeError as e:
    print('TypeError', e)
try:
    print(1 in rw)
except TypeError as e:
    print('TypeError', e)


class Opt(IntFlag):
    A = auto()
    B = auto()
    C = auto()
    AB = 3


print(list(Opt), Opt.AB, repr(Opt.AB), repr(Opt(3)), Opt(3) is Opt.AB)
print(repr(Opt(7)), repr(Opt(12)), repr(~Opt.A))
print(sorted([Opt.C, Opt.A, 2]))
print(Opt.A << 3, Opt.C >> 1, Opt.B % 3, -Opt.A, abs(Opt.A))
