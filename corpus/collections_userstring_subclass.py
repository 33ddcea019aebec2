# UserString subclasses: results keep the subclass, extra methods, overrides
from collections import UserString


class Slug(UserString):
    """A URL slug: every str result comes back as a Slug through self.__class__."""

    def __init__(self, seq):
        super().__init__(str(seq).strip().lower().replace(" ", "-"))

    def words(self):
        return self.data.split("-")

    def __repr__(self):
        return f"Slug({self.data!r})"


s = Slug("  Hello World Again ")
print(s, repr(s), s.words(), len(s))
print(repr(s.upper()), repr(s[:5]), repr(s + " more"), repr(s * 2), repr(s.replace("-", " ")))
print(repr(s.center(25, "*")), repr(s.title()), type(s.split("-")[0]).__name__)
print(repr("x " + s), [repr(c) for c in s[:3]], list(reversed(Slug("ab"))))
print(s == "hello-world-again", s == Slug("HELLO world again"), s < "z", sorted([Slug("b"), Slug("a")]))
print(s.startswith("hello"), s.find("world"), s.count("-"), s.partition("-"), s.isidentifier())


class Money(UserString):
    def __init__(self, amount):
        if isinstance(amount, (int, float)):
            amount = f"{amount:.2f}"
        super().__init__(amount)

    def value(self):
        return float(self.data)

    def __add__(self, other):
        if isinstance(other, Money):
            return Money(self.value() + other.value())
        return super().__add__(other)


m = Money(3) + Money(4.5)
print(m, repr(m), m.value(), type(m).__name__, m + " EUR", type(m + " EUR").__name__, float(m), int(Money("12")))
print(Money(1.005), Money("1.5").zfill(6), Money(2) * 2)


class Counted(UserString):
    made = 0

    def __init__(self, seq):
        Counted.made += 1
        super().__init__(seq)


c = Counted("abc")
for ch in c:
    pass
up = c.upper().lower().strip()
print(Counted.made, up, type(up).__name__)
print("b" in c, Counted("b") in c, c.index("c"), c.rfind(Counted("a")), hash(c) == hash("abc"))


class Shouting(UserString):
    def __str__(self):
        return self.data.upper() + "!"


sh = Shouting("hi there")
print(sh, str(sh), f"{sh}", "%s" % sh, repr(sh), sh.capitalize(), [sh])
