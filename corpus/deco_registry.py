# Registry decorators: commands registered by name, with a dispatcher;
# a decorator that validates argument types.
COMMANDS = {}

def command(name=None, *, aliases=()):
    def register(fn):
        key = name or fn.__name__
        COMMANDS[key] = fn
        for a in aliases:
            COMMANDS[a] = fn
        return fn
    return register

@command()
def add(a, b):
    return a + b

@command("sub", aliases=("minus", "-"))
def subtract(a, b):
    return a - b

@command(aliases=["*"])
def mul(a, b):
    return a * b

def dispatch(line):
    name, *args = line.split()
    if name not in COMMANDS:
        return f"unknown command {name!r}"
    return COMMANDS[name](*map(int, args))

for line in ["add 2 3", "sub 9 4", "minus 1 8", "- 3 3", "* 6 7", "div 1 2"]:
    print(line, "=>", dispatch(line))
print(sorted(COMMANDS))

def typed(*types):
    def deco(fn):
        def wrapper(*args):
            for i, (a, t) in enumerate(zip(args, types)):
                if not isinstance(a, t):
                    raise TypeError(f"{fn.__name__} arg {i}: expected {t.__name__}, got {type(a).__name__}")
            return fn(*args)
        return wrapper
    return deco

@typed(str, int)
def pad(s, n):
    return s.ljust(n, ".")
print(pad("ab", 5))
try:
    pad(5, "ab")
except TypeError as e:
    print("TypeError:", e)
