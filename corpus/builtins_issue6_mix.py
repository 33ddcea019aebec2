# A mix of language features and builtins models use (issue 6 checklist).
from math import sqrt, pi
print(sqrt(16), pi > 3)
a, b = {"x": 1}, {"y": 2}
print({**a, **b}, [*range(2), *"ab"], ..., Ellipsis)
print(ascii("héllo"), object().__class__.__name__, "Hello World".istitle(), "a\tb".expandtabs(4))
t = str.maketrans("abc", "xyz", "d"); print("abcd".translate(t))
print(5 in range(10), range(3) == range(0, 3))
print({1: 2, 3: 4}.keys() & {1, 5}, {1: 2}.items() | {(5, 6)})
def f(x: int) -> str: return str(x)
print(f.__annotations__)
for E in (EOFError, OSError, ConnectionError, TimeoutError, FileNotFoundError, PermissionError, BrokenPipeError):
    print(E.__name__, issubclass(E, Exception))
print(pow(3, -1, 7), pow(2, 10, 1000), divmod(-7, 2), round(2.5), round(-0.5))
print(sorted("bca", reverse=True), list(zip([1, 2], "ab", strict=True)), list(map(pow, [2, 3], [3, 2])))
print(max([], default=0), min(3, 1, key=lambda v: -v), next(iter([]), "done"), sum([0.1] * 10), sum([[1], [2]], []))
print(int("0x1f", 16), int("1_000"), float("1e3"), "{:_}".format(1000000), f"{1234.5:,.1f}", f"{'x'!a}", f"{3.14159:{'.3f'}}")
print(b"abc".hex(), bytes.fromhex("61 62"), "é".encode("utf-8"), b"\xc3\xa9".decode(), bytearray(b"ab") + b"c")
print(slice(1, 5, 2).indices(10), [1, 2, 3, 4][slice(1, None)], id(a) == id(a), hash(None) == hash(None))
print(isinstance(True, int), callable(len), "%(a)s-%(b)05.1f" % {"a": "x", "b": 3.14159})
print("ǅ".swapcase(), "ﬁ".upper(), "ß".casefold(), "İ".lower(), "Σ".lower(), "straße".upper())
print(list(reversed({1: 2, 3: 4})), list(reversed({1: 2}.items())), {1: 2} | {3: 4})
print(complex(1, 2) if False else 0, 1e309, -1e309, float("nan") != float("nan"))
lenght = 3
try:
    print(length)
except NameError as e:
    print(e)
class P:
    def __init__(self): self.value = 1
try:
    P().valeu
except AttributeError as e:
    print(e)
print(__name__)
if __name__ == "__main__":
    print("main")
