# A class decorator that wraps every public method (found with dir() and
# callable()) to log calls, leaving dunder methods alone.
def log_methods(cls):
    for name in dir(cls):  # safepy: ignore[SP306]
        if name.startswith("_"):
            continue
        attr = getattr(cls, name)  # safepy: ignore[SP305]
        if callable(attr):
            setattr(cls, name, make_logged(name, attr))  # safepy: ignore[SP305]
    return cls

def make_logged(name, fn):
    def wrapper(self, *args):
        result = fn(self, *args)
        self.calls.append(f"{name}{args}={result}")
        return result
    return wrapper

@log_methods
class Calc:
    precision = 2
    def __init__(self):
        self.calls = []
    def add(self, a, b):
        return a + b
    def div(self, a, b):
        return round(a / b, self.precision)
    def chain(self, x):
        return self.add(x, self.div(x, 3))

c = Calc()
print(c.add(1, 2), c.div(10, 4), c.chain(9))
print(c.calls)
print(Calc.precision, len(c.calls))
