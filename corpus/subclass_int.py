# Subclassing set and int: added methods, results of operators, and
# overriding an operator while keeping the rest.
class Tags(set):
    def add(self, tag):
        super().add(tag.strip().lower())
    def render(self):
        return ",".join(sorted(self))

t = Tags()
for raw in [" Python", "c ", "PYTHON", "go"]:
    t.add(raw)
print(t.render(), len(t), "python" in t)
print(type(t | {"x"}).__name__, sorted(t & {"go", "c"}))

class Even(int):
    def __new__(cls, n):
        if n % 2:
            raise ValueError(f"{n} is odd")
        return super().__new__(cls, n)
    def half(self):
        return self // 2

e = Even(10)
print(e, e.half(), e + 1, type(e + 1).__name__, e * 2, e > 5, isinstance(e, int))
try:
    Even(7)
except ValueError as err:
    print("ValueError:", err)

class Modular(int):
    mod = 7
    def __add__(self, other):
        return Modular((int(self) + int(other)) % self.mod)
    def __repr__(self):
        return f"{int(self)} (mod {self.mod})"

m = Modular(5)
print(m + 4, m + m, m - 9, repr(m * 3), [m])
