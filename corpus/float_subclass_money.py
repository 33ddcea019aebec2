# A currency amount as a float subclass built in __new__, with an uncaught error at the end.
class CurrencyError(ValueError):
    pass


class Money(float):
    def __new__(cls, amount, currency="USD"):
        self = super().__new__(cls, round(amount, 2))
        self.currency = currency
        return self

    def _check(self, other):
        if isinstance(other, Money) and other.currency != self.currency:
            raise CurrencyError(f"cannot mix {self.currency} and {other.currency}")

    def __add__(self, other):
        self._check(other)
        return Money(float(self) + float(other), self.currency)

    __radd__ = __add__

    def __sub__(self, other):
        self._check(other)
        return Money(float(self) - float(other), self.currency)

    def __mul__(self, factor):
        return Money(float(self) * factor, self.currency)

    def __repr__(self):
        return f"Money({float(self):.2f}, {self.currency!r})"

    def __str__(self):
        return f"{self.currency} {float(self):,.2f}"


class Ledger:
    def __init__(self, currency):
        self.currency = currency
        self.entries = []

    def add(self, label, amount):
        self.entries.append((label, Money(amount, self.currency)))

    def total(self):
        return sum((m for _, m in self.entries), Money(0, self.currency))

    def report(self):
        for label, m in self.entries:
            print(f"  {label:<12}{m!s:>16}")
        print(f"  {'total':<12}{self.total()!s:>16}")


book = Ledger("EUR")
book.add("rent", 1250)
book.add("groceries", 312.456)
book.add("refund", -45.5)
book.report()
t = book.total()
print(repr(t), t * 1.1, type(t * 2).__name__, type(float(t)).__name__)
print(t > 1000, t == 1516.96, Money(3) == 3, Money(3).currency)
print(sorted([Money(5, "GBP"), Money(1.5, "GBP")]), float.__repr__(Money(2.5)))
try:
    Money(1, "EUR") + Money(1, "USD")
except CurrencyError as e:
    print("CurrencyError:", e)
print(Money(10, "JPY") - 2.5, 2.5 + Money(1, "JPY"), (Money(7) / 2, type(Money(7) / 2).__name__))
book.entries.append(("fee", Money(2, "USD")))
print(book.total())
