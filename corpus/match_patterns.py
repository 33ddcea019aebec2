# Value patterns (dotted names), nested patterns, sequences of every kind, many captures,
# bindings left by a failed guard, iterators and views that are not sequences.
class Color:
    RED = "red"
    GREEN = "green"
    class Deep:
        BLUE = "blue"
class Obj:
    def __init__(self, **kw):
        for k, v in kw.items():
            setattr(self, k, v)  # safepy: ignore[SP305]
def f(v):
    match v:
        case Color.RED | Color.GREEN as c: return "warm-ish " + c
        case Color.Deep.BLUE: return "deep blue"
        case Obj(missing=1): return "has missing"
        case Obj(a=1, b=[x, *_]): return f"obj with b starting {x}"
        case [(1 | 2) as a, b]: return f"small {a} then {b}"
        case [a, b, c, d, e, f_, g, h, i, j]: return f"ten: {a + b + c + d + e + f_ + g + h + i + j}"
        case (0, 0) : return "zero tuple-or-list"
        case "abc" | "x" if False: return "never"
        case str(): return "text"
        case {"a": {"b": {"c": deep}}}: return f"deep {deep}"
        case [[[inner]]]: return f"inner {inner}"
        case _: return "other " + repr(v)
for v in ["red", "green", "blue", Obj(missing=1), Obj(a=1, b=[7, 8]), Obj(a=1, b="xy"), [2, 3], [3, 3],
          list(range(10)), [0, 0], (0, 0), "abc", {"a": {"b": {"c": 5}}}, {"a": {"b": 1}}, [[[9]]], [[[9, 8]]],
          iter([1, 2]), {"k": 1}.keys()]:
    r = f(v)
    print(r if not r.startswith("other <") else r.split(" at ")[0])
match 3:
    case x if x > 5: print("big")
    case _: print("guard failed but x bound:", x)
match (1, 2, 3, 4, 5):
    case (first, *middle, last): print(first, middle, last)
match range(5):
    case [0, *rest]: print("range rest", rest)
match {"a": 1, "b": 2, "c": 3}:
    case {"b": 2, **others}: print(others)
def scope_test(data):
    match data:
        case {"items": [*items]}:
            total = 0
            for it in items:
                match it:
                    case int(n) | float(n): total += n
                    case str(s) if s.isdigit(): total += int(s)
            return total
print(scope_test({"items": [1, 2.5, "3", "x", None]}))
