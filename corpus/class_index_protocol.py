# __index__ of user objects wherever CPython takes an integer: slices, indexing, repetition, range, str methods, chr, math.
import itertools, math, random
class Idx:
    def __init__(self, i): self.i = i
    def __index__(self): return self.i
i = Idx(3)
tests = [lambda: bin(i), lambda: hex(i), lambda: oct(i), lambda: [10, 20, 30, 40, 50][i], lambda: "abcdef"[Idx(1):i],
 lambda: list(range(Idx(2), Idx(6))), lambda: range(10)[i], lambda: int(Idx(7)), lambda: "x" * Idx(3), lambda: Idx(2) * [0],
 lambda: (1, 2, 3, 4)[i], lambda: "abcd"[i], lambda: [1,2,3,4][::Idx(2)], lambda: format(i, 'b') if False else 0,
 lambda: round(2.567, Idx(2)), lambda: "abc".ljust(Idx(5)) + "|", lambda: [1,2,3].pop(Idx(0)), lambda: [1,2].insert(Idx(0), 5),
 lambda: "ab".center(Idx(6), "*"), lambda: chr(Idx(65)), lambda: (1).to_bytes(Idx(2), "big") if False else 0, lambda: divmod(7, 2),
 lambda: [1,2,3][Idx(1):], lambda: bytes(Idx(3)) if False else 0, lambda: "abcabc".find("c", Idx(3)), lambda: "a,b,c".split(",", Idx(1)),
 lambda: math.comb(Idx(5), 2),
 lambda: 2 ** Idx(3), lambda: [0, 1][True], lambda: range(Idx(5)), lambda: list(enumerate("ab", Idx(1))), lambda: ' '.join(['x'] * Idx(2)),
 lambda: sorted([3,1,2])[Idx(0)], lambda: "abc"[Idx(-1)], lambda: (4).__pow__(Idx(2)),
]
for k, t in enumerate(tests):
    try: print(k, repr(t()))
    except Exception as e: print(k, type(e).__name__, e)
