from functools import wraps, update_wrapper, WRAPPER_ASSIGNMENTS, WRAPPER_UPDATES
print(WRAPPER_ASSIGNMENTS, WRAPPER_UPDATES)
def logged(fn):
    @wraps(fn)
    def inner(*a, **k):
        return ("logged", fn(*a, **k))
    return inner
@logged
def greet(name: str) -> str:
    "Say hi."
    return "hi " + name
print(greet("bob"), greet.__name__, greet.__doc__, greet.__qualname__, greet.__annotations__)
print(greet.__wrapped__("x"), greet.__module__)
def src():
    "source doc"
src.extra = 42
def dst():
    pass
r = update_wrapper(dst, src)
print(r is dst, dst.__name__, dst.__doc__, dst.extra, dst.__wrapped__ is src)
def dst2():
    pass
update_wrapper(dst2, src, assigned=("__doc__",), updated=())
print(dst2.__name__, dst2.__doc__, hasattr(dst2, "extra"))
class Obj:
    pass
o = Obj()
update_wrapper(o, src)
print(o.__name__, o.__doc__, o.extra)
try:
    update_wrapper(dst)
except TypeError as e:
    print("TypeError:", e)
try:
    wraps()
except TypeError as e:
    print("TypeError:", e)
def noattrs():
    pass
class Callable:
    def __call__(self):
        return 1
c = Callable()
update_wrapper(noattrs, c)
print(noattrs.__name__, noattrs.__wrapped__ is c)
