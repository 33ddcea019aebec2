# Members as dict keys and set items, sorting, hashing, copying
from enum import Enum, IntEnum, Flag


class Suit(Enum):
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3
    SPADES = 4


counts = {s: 0 for s in Suit}
for s in [Suit.HEARTS, Suit.CLUBS, Suit.HEARTS]:
    counts[s] += 1
print(counts)
print({Suit.CLUBS, Suit.CLUBS, Suit.SPADES} == {Suit.SPADES, Suit.CLUBS})
print(sorted(Suit, key=lambda s: s.name), sorted(Suit, key=lambda s: -s.value)[0])
print(hash(Suit.CLUBS) == hash(Suit.CLUBS), hash(Suit.CLUBS) == hash('CLUBS'))


class Level(IntEnum):
    LOW = 1
    MID = 5
    HIGH = 10


print(sorted([Level.HIGH, Level.LOW, Level.MID]), sorted([3, Level.MID, 7, Level.LOW]))
print({1: 'one'}.get(Level.LOW), {Level.HIGH: 'h'}.get(10), 5 in {Level.MID})
print(sum(Level), min(Level, key=lambda l: abs(l - 6)))


class P(Flag):
    A = 1
    B = 2


d = {P.A | P.B: 'both', P.A: 'a'}
print(d[P(3)], d[P.A], P.A | P.B in d)
print(sorted(Suit.__members__), list(reversed(Suit)))
print(Suit.CLUBS < Suit.DIAMONDS if hasattr(Suit, '__lt__') and False else 'no ordering')
try:
    sorted(Suit)
except TypeError as e:
    print('TypeError', e)
