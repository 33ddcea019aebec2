# Decorators applied to methods: the wrapper receives self; combined with
# @property, @classmethod and @staticmethod in both orders that work.
def log_call(fn):
    def wrapper(self, *args):
        result = fn(self, *args)
        self.log.append(f"{fn.__name__}{args} -> {result}")
        return result
    return wrapper

def non_negative(fn):
    def wrapper(*args):
        r = fn(*args)
        if r < 0:
            raise ValueError(f"{fn.__name__} went negative: {r}")
        return r
    return wrapper

class Stock:
    def __init__(self, qty):
        self.qty = qty
        self.log = []

    @log_call
    @non_negative
    def take(self, n):
        self.qty -= n
        return self.qty

    @property
    @non_negative
    def doubled(self):
        return self.qty * 2

    @staticmethod
    @non_negative
    def diff(a, b):
        return a - b

    @classmethod
    def empty(cls):
        return cls(0)

s = Stock(10)
print(s.take(3), s.take(2), s.doubled, Stock.diff(5, 2))
try:
    s.take(9)
except ValueError as e:
    print("ValueError:", e)
print(s.log, s.qty)
try:
    Stock.diff(1, 2)
except ValueError as e:
    print("ValueError:", e)
e = Stock.empty()
print(e.qty, e.doubled)
