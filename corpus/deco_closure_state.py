# Decorators that keep state in closures: rate limiting by call count,
# once-only initialisers and a before/after hook chain.
def once(fn):
    done = False
    value = None
    def wrapper(*args):
        nonlocal done, value
        if not done:
            value = fn(*args)
            done = True
        return value
    return wrapper

@once
def setup(config):
    print("  setting up with", config)
    return {"ready": True, "config": config}

print(setup("a"), setup("b"))

def limit(n):
    def deco(fn):
        calls = [0]
        def wrapper(*a):
            calls[0] += 1
            if calls[0] > n:
                return f"{fn.__name__}: limit of {n} reached"
            return fn(*a)
        return wrapper
    return deco

@limit(2)
def ping(x):
    return f"pong {x}"

print([ping(i) for i in range(4)])

def hooks(before=None, after=None):
    def deco(fn):
        def wrapper(*args):
            if before:
                args = before(*args)
            result = fn(*args)
            return after(result) if after else result
        return wrapper
    return deco

@hooks(before=lambda *a: tuple(x * 10 for x in a), after=str)
def total(*xs):
    return sum(xs)

@hooks(after=lambda r: r[::-1])
def name(first, last):
    return f"{first} {last}"

print(repr(total(1, 2, 3)), name("Ada", "King"))
