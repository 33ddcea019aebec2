# An exception in the middle of a long chain: the traceback names the
# BinOp that failed (its whole left side and the operand on its right).
class Money:
    def __init__(self, cents):
        self.cents = cents

    def __add__(self, other):
        if not isinstance(other, Money):
            return NotImplemented
        return Money(self.cents + other.cents)

    def __radd__(self, other):
        if other == 0:
            return self
        return NotImplemented


def total(items):
    return (0 + items[0] + items[1] + items[2] + items[3] + items[4]
            + items[5] + items[6] + items[7] + items[8] + items[9])


prices = [Money(i * 100) for i in range(10)]
print(total(prices).cents)
prices[6] = 6.5
print(total(prices).cents)
