# A user subclass of int: arithmetic gives plain ints, overrides win, the value works as an index, key, count and format argument.
class Cents(int):
    def __repr__(self):
        return f"Cents({int(self)})"
    def __str__(self):
        return f"${int(self) // 100}.{int(self) % 100:02d}"
c = Cents(1234)
z = Cents(0)
big = Cents(2 ** 70)
tests = [
    lambda: c, lambda: str(c), lambda: f"{c}", lambda: f"{c:>8}", lambda: format(c, "x"), lambda: f"{c:,d}",
    lambda: c + 1, lambda: 1 + c, lambda: c * c, lambda: c // 7, lambda: c % 7, lambda: -c, lambda: abs(Cents(-5)),
    lambda: c == 1234, lambda: 1234 == c, lambda: c < 2000, lambda: c > 1234.5, lambda: c == 1234.0,
    lambda: bool(z), lambda: bool(c), lambda: not z, lambda: hash(c) == hash(1234), lambda: {c: "x"}[1234], lambda: {1234: "y"}[c],
    lambda: [10, 20, 30][Cents(1)], lambda: "abc"[Cents(2)], lambda: "ab" * Cents(2), lambda: list(range(Cents(3))),
    lambda: range(10)[Cents(2):Cents(5)], lambda: int(c), lambda: type(int(c)).__name__, lambda: float(c), lambda: round(c, -2),
    lambda: divmod(c, 100), lambda: pow(c, 2, 1000), lambda: c ** 2, lambda: c << 2, lambda: c & 0xff, lambda: ~c,
    lambda: isinstance(c, int), lambda: type(c).__name__, lambda: type(c + 0).__name__, lambda: type(-c).__name__,
    lambda: big, lambda: big + 1, lambda: str(big), lambda: big > 2 ** 69, lambda: hash(big) == hash(2 ** 70),
    lambda: sorted([Cents(3), 1, Cents(2)]), lambda: max(Cents(3), 2), lambda: sum([Cents(1), Cents(2)]),
    lambda: c.bit_length(), lambda: c.to_bytes(2, "big"), lambda: c.real, lambda: c.numerator, lambda: c.conjugate(),
    lambda: chr(Cents(65)), lambda: "%d|%5d|%x" % (c, c, c), lambda: "{:05d}".format(c), lambda: bin(c), lambda: hex(Cents(255)),
    lambda: Cents("42"), lambda: Cents("ff", 16), lambda: Cents(3.9), lambda: Cents(), lambda: Cents(True),
    lambda: int.__add__(c, 1), lambda: c.__add__(1), lambda: super(Cents, c).__repr__(), lambda: int.__repr__(c),
    lambda: [c][0] is c, lambda: c is Cents(1234), lambda: (c, z) == (1234, 0), lambda: {c} == {1234},
    lambda: Cents("x"),
]
for i, t in enumerate(tests):
    try:
        print(i, repr(t()))
    except Exception as e:
        print(i, type(e).__name__, e)
c.note = "tagged"
print(c.note, vars(c))  # safepy: ignore[SP311]
