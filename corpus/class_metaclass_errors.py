# Errors of metaclasses as CPython 3.11 reports them, ending in an uncaught one
class M1(type):
    pass
class M2(type):
    pass
class A(metaclass=M1):
    pass
class B(metaclass=M2):
    pass
for make in (lambda: type("C", (A, B), {}), lambda: M1("D", (B,), {})):  # safepy: ignore[SP308]
    try:
        make()
    except TypeError as e:
        print("TypeError:", e)
try:
    type.__new__(M1, "E")
except TypeError as e:
    print("TypeError:", e)
try:
    type.__new__(M1, 1, (), {})
except TypeError as e:
    print("TypeError:", e)
try:
    type.__init__(A, 1, 2)
except TypeError as e:
    print("TypeError:", e)

class Strict(type):
    def __init__(cls, name, bases, ns):
        super().__init__(name, bases, ns)
        for k, v in ns.items():
            if callable(v) and not k.startswith("_") and not k.islower():
                raise TypeError(f"method {name}.{k} must be lower case")
class Fine(metaclass=Strict):
    def run(self):
        return "ok"
print(Fine().run())

class Returns(type):
    def __init__(cls, *a):
        return 1
try:
    class R(metaclass=Returns):
        pass
except TypeError as e:
    print("TypeError:", e)

class Broken(metaclass=Strict):
    def Run(self):
        return "no"
