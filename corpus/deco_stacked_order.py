# Stacked decorators: applied bottom-up at definition, run top-down at call.
def trace(label):
    print(f"decorating with {label}")
    def decorate(fn):
        def wrapper(*args):
            print(f"enter {label}")
            result = fn(*args)
            print(f"exit {label} -> {result}")
            return result
        return wrapper
    return decorate

@trace("outer")
@trace("middle")
@trace("inner")
def compute(x):
    print("computing", x)
    return x + 1

print("defined")
print(compute(1))

def add_one(fn):
    return lambda x: fn(x) + 1
def times_two(fn):
    return lambda x: fn(x) * 2

@add_one
@times_two
def ident(x):
    return x

@times_two
@add_one
def ident2(x):
    return x

print(ident(5), ident2(5))
