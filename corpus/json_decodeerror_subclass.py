import json
class MyErr(json.JSONDecodeError):
    pass
try:
    raise MyErr("x", "a\nbc", 3)
except json.JSONDecodeError as e:
    print(type(e).__name__, e, e.pos, e.lineno, e.colno, e.args, e.msg, e.doc)
try:
    MyErr("x")
except TypeError as e:
    print("TypeError", e)
class E2(ValueError):
    pass
print(repr(E2(1, 2)), E2("a").args)
for args, kw in [((), {}), (("m",), {}), (("m", "d"), {}), (("m", "d", 0, 1), {}), (("m", "d"), {"pos": 1}),
                 (("m",), {"msg": 1}), ((), {"msg": "a", "doc": "bb", "pos": 1}), (("m", "d", 0), {"x": 1})]:
    for cls in [json.JSONDecodeError, MyErr]:
        try:
            e = cls(*args, **kw)
            print(cls.__name__, e, e.args)
        except TypeError as x:
            print(cls.__name__, "TypeError", x)
