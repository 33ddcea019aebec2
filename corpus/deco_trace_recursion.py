# A tracing decorator on a recursive function: the recursive calls go through
# the wrapper (the name is rebound), shown with indentation by depth.
def trace(fn):
    depth = 0
    def wrapper(*args):
        nonlocal depth
        print("  " * depth + f"-> {fn.__name__}{args}")
        depth += 1
        try:
            result = fn(*args)
        finally:
            depth -= 1
        print("  " * depth + f"<- {result}")
        return result
    return wrapper

@trace
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)

@trace
def gcd(a, b):
    return a if b == 0 else gcd(b, a % b)

print(fact(4))
print(gcd(48, 18))

@trace
def fails(n):
    if n == 0:
        raise ValueError("bottom")
    return fails(n - 1)

try:
    fails(2)
except ValueError as e:
    print("ValueError:", e)
print(fact(1))
