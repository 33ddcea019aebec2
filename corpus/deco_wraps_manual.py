# Decorators that keep the wrapped function's name in a closure for logging,
# and decorators that pre-fill arguments.
def describe(fn):
    label = fn.__name__
    def wrapper(*args, **kwargs):
        print(f"call {label} args={args} kwargs={kwargs}")
        return fn(*args, **kwargs)
    return wrapper

@describe
def area(w, h=1, *, unit="m"):
    return f"{w * h}{unit}2"

print(area(3))
print(area(3, 4, unit="cm"))
print(area(w=2, h=5))
try:
    area()
except TypeError as e:
    print("TypeError:", e)

def partial_first(value):
    def deco(fn):
        def wrapper(*rest, **kw):
            return fn(value, *rest, **kw)
        return wrapper
    return deco

@partial_first("LOG")
def emit(level, msg, sep=": "):
    return level + sep + msg

print(emit("started"), emit("x", sep=" - "))
