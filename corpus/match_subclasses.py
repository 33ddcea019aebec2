# Class patterns on builtin types, subclasses of dict/list/tuple, inherited __match_args__,
# global captures, open sequence subjects, 'match' as a plain name.
class D(dict):
    pass
class L(list):
    pass
class T(tuple):
    pass
for v in [D(a=1, b=2), L([1, 2]), T((3, 4))]:
    match v:
        case {"a": 1, **rest}: print("dict sub", rest, type(rest).__name__)
        case [x, y]: print("seq sub", x, y, type(v).__name__)
def g():
    global gx
    match 5:
        case gx: pass
g()
print(gx)
match 1, 2:
    case x, y: print("open seq", x, y)
match = 3
print(match)
def t(v):
    try:
        match v:
            case bool(): return "bool"
            case int(bit_length=bl) if v > 100: return f"big int, bit_length is a method: {bl()}"
            case int(x=1): return "never"
            case str(s) if len(s) > 5: return "long"
            case object(): return "object " + type(v).__name__
    except TypeError as e:
        return "TypeError " + str(e)
for v in [True, 500, 5, "abcdefg", None, [1]]:
    print(t(v))
def u(v):
    try:
        match v:
            case str(a, b): return "two"
    except TypeError as e:
        return "TypeError " + str(e)
print(u("x"))
class A:
    __match_args__ = ("a",)
    a = 1
class B(A):
    pass
match B():
    case A(1): print("inherited match args")
match 3:
    case type(): print("type")
    case _: print("not a type")
match int:
    case type(): print("int is a type")
