# A Polynomial class: coefficients lowest-first, __call__ evaluation, +, -, *,
# ** with an int, derivative, equality, and a readable __str__.
class Poly:
    def __init__(self, *coeffs):
        c = list(coeffs)
        while len(c) > 1 and c[-1] == 0:
            c.pop()
        self.c = c or [0]

    @property
    def degree(self):
        return len(self.c) - 1

    def __call__(self, x):
        total = 0
        for a in reversed(self.c):
            total = total * x + a
        return total

    def __add__(self, o):
        o = o if isinstance(o, Poly) else Poly(o)
        n = max(len(self.c), len(o.c))
        a, b = self.c + [0] * (n - len(self.c)), o.c + [0] * (n - len(o.c))
        return Poly(*(x + y for x, y in zip(a, b)))
    __radd__ = __add__

    def __neg__(self):
        return Poly(*(-x for x in self.c))

    def __sub__(self, o):
        return self + (-o if isinstance(o, Poly) else -o)

    def __mul__(self, o):
        o = o if isinstance(o, Poly) else Poly(o)
        out = [0] * (len(self.c) + len(o.c) - 1)
        for i, a in enumerate(self.c):
            for j, b in enumerate(o.c):
                out[i + j] += a * b
        return Poly(*out)
    __rmul__ = __mul__

    def __pow__(self, n):
        if not isinstance(n, int) or n < 0:
            raise ValueError("only non-negative integer powers")
        result = Poly(1)
        for _ in range(n):
            result = result * self
        return result

    def derivative(self):
        return Poly(*(i * a for i, a in enumerate(self.c) if i)) if self.degree else Poly(0)

    def __eq__(self, o):
        return isinstance(o, Poly) and self.c == o.c

    def __str__(self):
        terms = []
        for i, a in reversed(list(enumerate(self.c))):
            if a == 0 and self.degree:
                continue
            coef = "" if abs(a) == 1 and i else str(abs(a))
            var = "" if i == 0 else "x" if i == 1 else f"x^{i}"
            terms.append(("- " if a < 0 else "+ ") + coef + var)
        s = " ".join(terms)
        return s[2:] if s.startswith("+") else "-" + s[2:]

x = Poly(0, 1)
p = x ** 2 - 3 * x + 2
print(p, "|", p.degree, [p(v) for v in range(4)])
q = (x + 1) ** 3
print(q, "|", q.derivative(), "|", q.derivative().derivative())
print(p * q, "|", p + q, "|", p - p, "|", Poly(5), "|", -x)
print((x - 1) * (x - 2) == p, Poly(1, 2, 0, 0) == Poly(1, 2), 2 + x)
try:
    p ** -1
except ValueError as e:
    print("ValueError:", e)
