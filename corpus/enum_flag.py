# Flag: combinations, iteration, membership, negation, pseudo-members
from enum import Flag, auto


class Perm(Flag):
    R = 4
    W = 2
    X = 1


rw = Perm.R | Perm.W
print(rw, repr(rw), str(rw), rw.name, rw.value)
print(list(rw), len(rw), bool(rw), Perm.R in rw, Perm.X in rw)
print(repr(Perm.R & Perm.W), bool(Perm.R & Perm.W), repr(Perm(0)), str(Perm(0)))
print(repr(~Perm.R), repr(~rw), repr(~Perm(0)), repr(~(Perm.R | Perm.W | Perm.X)))
print(repr(Perm.R ^ Perm.W), repr(rw ^ Perm.W), repr(rw & Perm.R))
print(Perm(7), Perm(6) is rw, Perm(3))
print(list(Perm), len(Perm), Perm.__members__)
print(rw == Perm(6), hash(rw) == hash(Perm(6)))
print(repr(Perm(7)), list(Perm(7)))


class Color(Flag):
    RED = 1
    GREEN = 2
    BLUE = 4
    WHITE = RED | GREEN | BLUE
    BLACK = 0


print(list(Color), len(Color))
print(repr(Color.WHITE), list(Color.WHITE), Color.WHITE.name)
print(repr(Color.BLACK), Color.BLACK.name, bool(Color.BLACK))
print(repr(Color.RED | Color.GREEN | Color.BLUE), Color(7) is Color.WHITE)
print(Color.__members__.keys())
print(repr(~Color.WHITE), repr(~Color.BLACK))

for bad in (lambda: Perm.R | 1, lambda: 1 | Perm.R, lambda: Perm.R & 'x', lambda: 'a' in Perm.R,
            lambda: Perm(8), lambda: Perm(-1), lambda: Perm('R')):
    try:
        print(repr(bad()))
    except Exception as e:
        print(type(e).__name__, e)


class Unordered(Flag):
    B = 2
    A = 1
    C = 4


print(list(Unordered(7)), repr(Unordered(7)))
print(Perm.__repr__(rw), Perm)
