# Runtime errors of class and mapping patterns (caught), and what matches what.
class P:
    __match_args__ = ("x", "y")
    def __init__(s, x, y): s.x, s.y = x, y
class Q: pass
class R:
    __match_args__ = ["x"]
class S:
    __match_args__ = (1,)
class T:
    __match_args__ = ("x",)
    x = 1
def t(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
def m1():
    match 5:
        case int(1, 2): pass
def m2():
    match Q():
        case Q(1): pass
def m3():
    f = len
    match 5:
        case f(): pass
def m4():
    match R():
        case R(1): pass
def m5():
    match S():
        case S(1): pass
def m6():
    match T():
        case T(1, x=2): pass
def m8():
    match P(1, 2):
        case P(1, 2, 3): pass
def m9():
    match 5:
        case bool(): print("bool")
        case int(): print("int")
def m10():
    match 3:
        case 1 | 2: print("no")
        case 3.0: print("3.0 matched")
def m11():
    match 1:
        case True: print("True")
        case 1: print("one")
def m12():
    match "ab":
        case [a, b]: print(a, b)
        case str(x): print("str", x)
def m13():
    match [1, 2, 3]:
        case P(): pass
        case list((1, *r)): print(r)
def m14():
    for cmd in ["go north", "quit", "look", "get lamp key", "drop", 42, (1, 2), [3, 4, 5], {"a": 1, "b": 2}, P(0, 5), P(1, 2), None]:
        match cmd.split() if isinstance(cmd, str) else cmd:
            case ["go", direction]: print("going", direction)
            case ["quit"]: print("bye")
            case ["get", *items] if items: print("getting", items)
            case [("look" | "drop") as verb]: print("verb", verb)
            case int(n) if n > 40: print("big int", n)
            case (a, b): print("pair", a, b)
            case [a, *_, c]: print("ends", a, c)
            case {"a": 1, **rest}: print("rest", rest)
            case P(x=0, y=yy): print("P0", yy)
            case P(a, b) as pp: print("P", a, b, type(pp).__name__)
            case None: print("none")
    print(direction, items, verb, n, a, b, c, rest, yy, pp.x)
def m15():
    k = "a"
    class N: a = "a"
    match {"a": 1, "b": 2}:
        case {N.a: 1, "a": 2}: pass
def m16():
    match (1, [2, {"k": (3, 4)}]):
        case (x, [y, {"k": (z, w)}]): print(x, y, z, w)
for f in [m1, m2, m3, m4, m5, m6, m8, m9, m10, m11, m12, m13, m14, m15, m16]:
    t(f)
