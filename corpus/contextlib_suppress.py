from contextlib import suppress, AbstractContextManager

with suppress(KeyError):
    {}["missing"]
print("1 ok")

with suppress(LookupError):
    [][3]
print("2 subclass ok")

with suppress(ValueError, TypeError):
    int("x")
print("3 tuple ok")

try:
    with suppress(KeyError):
        1 / 0
except ZeroDivisionError as e:
    print("4 not suppressed", e)

with suppress():
    pass
try:
    with suppress():
        raise ValueError("nothing suppressed")
except ValueError as e:
    print("5", e)

class MyErr(Exception):
    pass
class Sub(MyErr):
    pass
with suppress(MyErr):
    raise Sub("sub")
print("6 user subclass ok")

s = suppress(IndexError)
print(s.__enter__())
print(s.__exit__(None, None, None))
print(s.__exit__(IndexError, IndexError(), None))
print(s.__exit__(KeyError, KeyError(), None))
print(isinstance(s, AbstractContextManager))
print(s._exceptions)

# suppressing inside a loop with break/continue
total = 0
for i in range(6):
    with suppress(ZeroDivisionError):
        total += 10 // (i % 3)
print(total)

def f():
    with suppress(ValueError):
        return int("42")
    return "never"
print(f())

def g():
    with suppress(ValueError):
        return int("x")
    return "fell through"
print(g())

# reusable and reentrant
sup = suppress(KeyError)
with sup:
    with sup:
        {}[1]
    {}[2]
print("reentrant ok")

try:
    with suppress(KeyError):
        raise KeyboardInterrupt
except KeyboardInterrupt:
    print("BaseException not caught by KeyError")

with suppress(BaseException):
    raise SystemExit(3)
print("SystemExit suppressed")

try:
    with suppress(42):
        raise ValueError
except TypeError as e:
    print("TypeError", e)
