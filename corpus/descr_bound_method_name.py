# Functions are descriptors: bound methods remember their instance, unbound
# access through the class needs self, and bound methods can be stored.
class Greeter:
    def __init__(self, name):
        self.name = name
    def greet(self, other="world"):
        return f"{self.name} greets {other}"

g = Greeter("Ann")
h = Greeter("Bob")
m = g.greet
print(m(), m("you"))
print(Greeter.greet(h, "Ann"))
actions = [g.greet, h.greet]
print([a("x") for a in actions])
print(g.greet == g.greet, g.greet == h.greet, m.__name__)
g.name = "Anna"
print(m())
f = Greeter.greet
print(f(g), callable(m), type(f).__name__)
try:
    Greeter.greet()
except TypeError as e:
    print("TypeError:", e)
g.greet = lambda: "instance attribute wins"
print(g.greet(), h.greet())
del g.greet
print(g.greet())
table = {"a": g.greet, "b": h.greet}
print(sorted(table)[0], table["b"]("you"))
