# Arithmetic special methods, their reflected forms and NotImplemented.
class Money:
    def __init__(self, cents):
        self.cents = cents
    def __repr__(self):
        return f"Money({self.cents})"
    def __add__(self, other):
        if isinstance(other, Money):
            return Money(self.cents + other.cents)
        if isinstance(other, int):
            return Money(self.cents + other)
        return NotImplemented
    def __radd__(self, other):
        print("  radd with", other)
        return self.__add__(other)
    def __sub__(self, other):
        if not isinstance(other, Money):
            return NotImplemented
        return Money(self.cents - other.cents)
    def __mul__(self, k):
        if not isinstance(k, int):
            return NotImplemented
        return Money(self.cents * k)
    __rmul__ = __mul__
    def __truediv__(self, k):
        return Money(self.cents // k)
    def __floordiv__(self, other):
        return self.cents // other.cents
    def __mod__(self, other):
        return Money(self.cents % other.cents)
    def __neg__(self):
        return Money(-self.cents)
    def __pos__(self):
        return self
    def __abs__(self):
        return Money(abs(self.cents))

a, b = Money(250), Money(75)
print(a + b, a - b, a * 3, 3 * a, a / 2, a // b, a % b)
print(-a, +b, abs(Money(-9)))
print(5 + a)
print(sum([a, b, Money(5)]))
print(sum([a, b], Money(0)))
try:
    a - 5
except TypeError as e:
    print("TypeError:", e)
try:
    a * 1.5
except TypeError as e:
    print("TypeError:", e)
try:
    "x" + a
except TypeError as e:
    print("TypeError:", e)
try:
    ~a
except TypeError as e:
    print("TypeError:", e)
