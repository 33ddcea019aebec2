# Money with currencies: integer cents, a currency mismatch exception,
# conversion via a rates table, allocation that never loses a cent,
# formatting with __format__ and sorting within one currency.
class CurrencyMismatch(TypeError):
    pass

class Money:
    RATES = {("EUR", "USD"): 1.10, ("USD", "EUR"): 0.91, ("GBP", "EUR"): 1.17}

    def __init__(self, amount, currency="EUR"):
        self.cents = round(amount * 100)
        self.currency = currency

    @classmethod
    def cents_of(cls, cents, currency):
        m = cls(0, currency)
        m.cents = cents
        return m

    def _check(self, other):
        if not isinstance(other, Money):
            return False
        if other.currency != self.currency:
            raise CurrencyMismatch(f"{self.currency} vs {other.currency}")
        return True

    def __add__(self, other):
        if other == 0:
            return self
        self._check(other)
        return Money.cents_of(self.cents + other.cents, self.currency)
    __radd__ = __add__

    def __mul__(self, k):
        return Money.cents_of(round(self.cents * k), self.currency)

    def __lt__(self, other):
        self._check(other)
        return self.cents < other.cents

    def __eq__(self, other):
        if isinstance(other, int) and other == 0:
            return self.cents == 0
        return isinstance(other, Money) and (self.cents, self.currency) == (other.cents, other.currency)

    __hash__ = None

    def to(self, currency):
        if currency == self.currency:
            return self
        return Money.cents_of(round(self.cents * self.RATES[(self.currency, currency)]), currency)

    def allocate(self, *ratios):
        total = sum(ratios)
        shares = [self.cents * r // total for r in ratios]
        for i in range(self.cents - sum(shares)):
            shares[i] += 1
        return [Money.cents_of(s, self.currency) for s in shares]

    def __format__(self, spec):
        sign = "-" if self.cents < 0 else ""
        text = f"{sign}{abs(self.cents) // 100}.{abs(self.cents) % 100:02d} {self.currency}"
        return format(text, spec)

    def __repr__(self):
        return f"Money({format(self)!r})"

prices = [Money(19.99), Money(5), Money(0.01), Money(7.5)]
print(f"{sum(prices):>14}|", sorted(prices)[0], max(prices))
print([format(m) for m in Money(100).allocate(1, 1, 1)], sum(Money(100).allocate(1, 1, 1)))
print(f"{Money(10).to('USD')}", f"{Money(20, 'GBP').to('EUR'):<15}|", f"{Money(-3.05) * 2}")
try:
    Money(1) + Money(1, "USD")
except CurrencyMismatch as e:
    print("CurrencyMismatch:", e)
try:
    Money(1, "USD").to("GBP")
except KeyError as e:
    print("no rate", e)
