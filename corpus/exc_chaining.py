class ConfigError(Exception):
    def __str__(self):
        return "config: " + super().__str__()

def parse(s):
    try:
        return int(s)
    except ValueError as e:
        raise ConfigError(f"bad value {s!r}") from e

try:
    parse("x")
except ConfigError as e:
    print(type(e.__cause__).__name__, e.__suppress_context__, str(e))

def g():
    try:
        {}["k"]
    except KeyError:
        raise RuntimeError("lookup failed")
try:
    g()
except RuntimeError as e:
    print(repr(e.__context__), e.__cause__)

try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise ValueError("v") from None
except ValueError as e:
    print(e.__suppress_context__, e.__cause__, repr(e.__context__))

e = ValueError("base")
e.add_note("note one")
print(e.__notes__)
try:
    try:
        raise KeyError("a")
    finally:
        print("finally")
except KeyError as k:
    print("k", k)
def outer():
    try:
        parse("y")
    except ConfigError as err:
        err.add_note("while loading settings")
        raise
outer()
