# Subjects of many types, scopes of captured names (closures, nonlocal, class bodies,
# generators), break/continue in cases, __eq__ of value patterns.
from collections import namedtuple, deque, OrderedDict, defaultdict, Counter
Point = namedtuple("Point", "x y")
def classify(v):
    match v:
        case Point(0, 0): return "origin"
        case Point(x, 0): return f"on x axis at {x}"
        case Point(x=0, y=y): return f"on y axis at {y}"
        case Point(): return "point"
        case deque() if len(v) > 0 and v[0] == 9: first = v[0]; return f"deque starting {first}"
        case range(): return "a range"
        case OrderedDict(): return "odict"
        case {"n": int(n)} if n > 0: return f"positive n {n}"
        case {"n": _}: return "other n"
        case True: return "True!"
        case 1: return "one"
        case float(f) | int(f): return f"number {f!r}"
        case str() as s if len(s) > 3: return "long str"
        case str(s): return "str " + s
        case []: return "empty list"
        case [[x, y], *more]: return f"nested {x} {y} {len(more)}"
        case _: return "unknown " + type(v).__name__
for v in [Point(0, 0), Point(3, 0), Point(0, 4), Point(1, 2), deque([9, 8]), range(3),
          OrderedDict(a=1), {"n": 5}, {"n": -1}, defaultdict(int, n="x"), Counter("aab"), True, 1, 1.5, 7, "hello", "hi",
          [], [[1, 2], 3, 4], (1,), None, {1, 2}]:
    print(classify(v))

def counter():
    total = 0
    def add(item):
        nonlocal total
        match item:
            case ("add", n): total += n
            case ("sub", n): total -= n
            case ("reset",): total = 0
        return total
    return add
a = counter()
print(a(("add", 5)), a(("sub", 2)), a(("reset",)), a(("add", 1)))

def closure(v):
    match v:
        case [x, y]:
            pass
    return lambda: (x, y)
print(closure([1, 2])())

def loop():
    out = []
    for item in [1, "stop", 2, "skip", 3, "end", 4]:
        match item:
            case "skip": continue
            case "end": break
            case int(k): out.append(k)
    return out
print(loop())

def gen(items):
    for it in items:
        match it:
            case {"type": "num", "value": v}: yield v
            case {"type": "list", "items": [*vs]}: yield from vs
print(list(gen([{"type": "num", "value": 1}, {"type": "list", "items": [2, 3]}])))

class Cmd:
    match "x":
        case "x" as picked: pass
print(Cmd.picked)

match 5:
    case n if n > 10: print("big")
    case m: print("small", n, m)

class Eq:
    def __eq__(self, other):
        print("eq called with", other)
        return True
match Eq():
    case 3: print("matched 3")
match 3:
    case Eq.__class__(): print("no")
    case _: print("fallthrough")
x = 0
lst = [1, 2]
match lst:
    case [1, x] | [x, 2]: print("x is", x)
def f():
    try:
        match {"a": 1}:
            case {"a": 1, **rest}: print(rest)
    except Exception as e:
        print(e)
f()
