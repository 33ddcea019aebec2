# Found by the differential fuzzer (seed 6060, 10,000 programs): CPython's
# answers to sizes it refuses before allocating, all catchable
for n in (2**63, 6 * 10**19, 69 * 10**18, 7 * 10**19, 10**20, 2**70, 2**100):
    for a in (3, 2**100, -5):
        try:
            a << n
        except (OverflowError, MemoryError) as e:
            print(n, type(e).__name__, e)
d = -1 & hash(0.5)
for f in [lambda: b"ab" * 2**62, lambda: "tab" * 2**62, lambda: "ab" * (2**62 - 1),
          lambda: bytearray(b"xy") * 2**62, lambda: "tab\there" * d, lambda: "€" * (2**62 - 1),
          lambda: [1, 2] * 2**62, lambda: (1,) * 2**63]:
    try:
        f()
    except (OverflowError, MemoryError) as e:
        print(type(e).__name__, e)
class K:
    def __init__(self, v):
        self.v = v
    def __lshift__(self, o):
        return K(self.v << o)
k = K(3)
try:
    k <<= 100000000000000000000
except Exception as e:
    print(type(e).__name__, e)
