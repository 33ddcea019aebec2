# Private name mangling: __names inside a class body become _Class__name, so
# a subclass does not clash with its parent's private attributes.
class Base:
    def __init__(self):
        self.__secret = "base secret"
        self._protected = "visible"
    def reveal(self):
        return self.__secret
    def __helper(self):
        return "base helper"
    def call_helper(self):
        return self.__helper()

class Child(Base):
    def __init__(self):
        super().__init__()
        self.__secret = "child secret"
    def child_reveal(self):
        return self.__secret
    def __helper(self):
        return "child helper"

c = Child()
print(c.reveal(), "|", c.child_reveal(), "|", c.call_helper())
print(c._Base__secret, c._Child__secret, c._protected)
print(hasattr(c, "__secret"), hasattr(c, "_Base__helper"))
try:
    c.__secret
except AttributeError as e:
    print("AttributeError:", e)
print(sorted(n for n in dir(c) if "secret" in n or "helper" in n))  # safepy: ignore[SP306]
