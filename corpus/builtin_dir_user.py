# dir(obj) uses the class's own __dir__ and sorts what it returns
class A:
    def __dir__(self): return ["z", "b", "a"]
class B(A): pass
class C:
    def __dir__(self): return 5
print(dir(A()), dir(B()), "__dir__" in dir(A))  # safepy: ignore[SP306]
try: dir(C())  # safepy: ignore[SP306]
except TypeError as e: print(e)
class D:
    def __dir__(self): return {"q": 1, "p": 2}
print(dir(D()))  # safepy: ignore[SP306]
