# A BitSet class over an int: add/discard, set algebra with operators (and the
# in-place forms), __iter__ yielding members in order, __len__, __contains__,
# comparisons as subset tests, and bool.
class BitSet:
    def __init__(self, items=()):
        self.bits = 0
        for i in items:
            self.add(i)
    @classmethod
    def _from_bits(cls, bits):
        s = cls()
        s.bits = bits
        return s
    def add(self, i):
        if i < 0:
            raise ValueError(f"negative member {i}")
        self.bits |= 1 << i
    def discard(self, i):
        self.bits &= ~(1 << i)
    def __contains__(self, i):
        return i >= 0 and bool(self.bits >> i & 1)
    def __iter__(self):
        bits, i = self.bits, 0
        while bits:
            if bits & 1:
                yield i
            bits >>= 1
            i += 1
    def __len__(self):
        return bin(self.bits).count("1")
    def __bool__(self):
        return self.bits != 0
    def __or__(self, o): return BitSet._from_bits(self.bits | o.bits)
    def __and__(self, o): return BitSet._from_bits(self.bits & o.bits)
    def __sub__(self, o): return BitSet._from_bits(self.bits & ~o.bits)
    def __xor__(self, o): return BitSet._from_bits(self.bits ^ o.bits)
    def __ior__(self, o):
        self.bits |= o.bits
        return self
    def __le__(self, o): return self.bits & ~o.bits == 0
    def __lt__(self, o): return self <= o and self.bits != o.bits
    def __eq__(self, o): return isinstance(o, BitSet) and self.bits == o.bits
    __hash__ = None
    def __repr__(self):
        return "BitSet({" + ", ".join(map(str, self)) + "})"

a, b = BitSet([1, 3, 5, 7]), BitSet(range(0, 8, 3))
print(a, b, a | b, a & b, a - b, a ^ b)
print(len(a), 3 in a, 4 in a, -1 in a, bool(BitSet()), list(a))
print(BitSet([3]) <= a, BitSet([3]) < a, a <= a, a < a, b <= a)
alias = a
a |= BitSet([64])
print(alias is a, a, 64 in alias, max(a))
a.discard(64)
a.discard(100)
print(a, a == BitSet([7, 5, 3, 1]))
try:
    a.add(-2)
except ValueError as e:
    print("ValueError:", e)
try:
    {a}
except TypeError as e:
    print("TypeError:", e)
