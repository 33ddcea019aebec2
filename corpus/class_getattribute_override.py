# A class's own __getattribute__ answers every attribute read (methods too),
# and __getattr__ runs when it raises AttributeError
class Constant:
    def __getattribute__(self, name):
        return 42
a = Constant()
a.x = 1
print(a.x, a.y, getattr(a, "z"), hasattr(a, "q"), getattr(a, "w", 0))

class Vault:
    def __getattribute__(self, name):
        if name.startswith("secret"):
            raise AttributeError(f"no {name} here")
        return name.upper()
    def __getattr__(self, name):
        return "fallback:" + name
v = Vault()
print(v.secret_key, v.other, hasattr(v, "secret"))

class Strict:
    __slots__ = ()
    def __getattribute__(self, name):
        raise AttributeError(name)
try:
    Strict().anything
except AttributeError as e:
    print("AttributeError", e)
print(hasattr(Strict(), "x"), getattr(Strict(), "x", "default"))

class Child(Constant):
    def method(self):
        return "never reached"
c = Child()
print(c.method, c.anything)
try:
    c.method()
except TypeError as e:
    print("TypeError:", e)
