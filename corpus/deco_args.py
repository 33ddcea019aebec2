# Decorator factories: decorators that take arguments, including keyword
# arguments and defaults, and a decorator usable with or without parentheses.
def repeat(times, sep=" "):
    def decorate(fn):
        def wrapper(*args, **kwargs):
            return sep.join(fn(*args, **kwargs) for _ in range(times))
        return wrapper
    return decorate

@repeat(3)
def word(w):
    return w

@repeat(times=2, sep="|")
def pair(a, b):
    return f"{a}{b}"

print(word("ha"), pair("x", "y"))

def tag(fn=None, *, name="b"):
    def decorate(f):
        def wrapper(*args):
            return f"<{name}>{f(*args)}</{name}>"
        return wrapper
    if fn is None:
        return decorate
    return decorate(fn)

@tag
def bold(t):
    return t

@tag(name="i")
def italic(t):
    return t

@tag()
def default(t):
    return t

print(bold("B"), italic("I"), default("D"))

def clamp(lo, hi):
    return lambda fn: lambda *a: max(lo, min(hi, fn(*a)))

@clamp(0, 10)
def add(a, b):
    return a + b
print(add(3, 4), add(8, 9), add(-5, 1))
