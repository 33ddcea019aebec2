# A Roman numeral class: parsing with validation errors, arithmetic returning
# Roman numerals, ordering, use as dict keys, and int-based sorting.
class RomanError(ValueError):
    pass

class Roman:
    VALUES = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
              (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]

    def __init__(self, value):
        if isinstance(value, str):
            value = self.parse(value)
        if not 0 < value < 4000:
            raise RomanError(f"{value} is out of range for roman numerals")
        self.value = value

    @classmethod
    def parse(cls, text):
        total, i = 0, 0
        for v, sym in cls.VALUES:
            while text.startswith(sym, i):
                total += v
                i += len(sym)
        if i != len(text) or not text:
            raise RomanError(f"invalid numeral {text!r}")
        if cls.render(total) != text:
            raise RomanError(f"non-canonical numeral {text!r} (use {cls.render(total)})")
        return total

    @classmethod
    def render(cls, n):
        out = []
        for v, sym in cls.VALUES:
            q, n = divmod(n, v)
            out.append(sym * q)
        return "".join(out)

    def __str__(self):
        return self.render(self.value)
    def __repr__(self):
        return f"Roman({str(self)!r})"
    def __add__(self, o):
        return Roman(self.value + Roman(o).value if not isinstance(o, Roman) else self.value + o.value)
    def __sub__(self, o):
        return Roman(self.value - o.value)
    def __eq__(self, o):
        return isinstance(o, Roman) and self.value == o.value
    def __lt__(self, o):
        return self.value < o.value
    def __hash__(self):
        return hash(self.value)

years = [Roman("MCMXCIV"), Roman(2024), Roman("XLII"), Roman("MMXXIV")]
print(years, [y.value for y in years])
print(sorted(set(years)), Roman("IX") + Roman("III"), Roman("X") + "V", Roman("M") - Roman("I"))
print(Roman(3999), len({Roman(5): "five", Roman("V"): "again"}))
for bad in ["IIII", "ABC", "", "MMMM", "VX"]:
    try:
        Roman(bad)
    except RomanError as e:
        print("RomanError:", e)
try:
    Roman("X") - Roman("X")
except ValueError as e:
    print(type(e).__name__, e)
