# attribute dicts holding str-subclass keys whose __eq__ replaces or
# clears the instance __dict__ while del/setattr search it
class S(str):
    def __eq__(s, o):
        print("S.eq", str.__str__(s), o)
        obj.__dict__ = {"q": 1}
        return False
    def __hash__(s):
        return str.__hash__(s)
class C:
    pass
obj = C()
obj.__dict__ = {S("x"): 1}
try:
    del obj.x
except AttributeError as e:
    print("AttributeError", e)
print(obj.__dict__)  # safepy: ignore[SP310]
obj = C()
obj.__dict__ = {S("x"): 1}
setattr(obj, "x", 2)
print(obj.__dict__)  # safepy: ignore[SP310]
obj = C()
obj.__dict__ = {S("x"): 1}
print(vars(obj))  # safepy: ignore[SP311]

class T(str):
    def __eq__(s, o):
        print("T.eq", str.__str__(s), o)
        obj.__dict__.clear()  # safepy: ignore[SP310]
        return True
    def __hash__(s):
        return str.__hash__(s)
obj = C()
obj.__dict__[T("y")] = 1  # safepy: ignore[SP310]
try:
    delattr(obj, "y")
except AttributeError as e:
    print("AttributeError", e)
print(obj.__dict__)  # safepy: ignore[SP310]
obj.__dict__[T("y")] = 1  # safepy: ignore[SP310]
obj.__dict__.pop("y", None)  # safepy: ignore[SP310]
print(obj.__dict__)  # safepy: ignore[SP310]
