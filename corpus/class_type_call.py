# type() with one argument gives the class; with three it builds a class from
# a name, bases and a namespace dict, usable like a class statement's result.
def describe(self):
    return f"{type(self).__name__} with legs={self.legs}"

Animal = type("Animal", (), {"legs": 4, "describe": describe, "kind": "animal"})  # safepy: ignore[SP308]
Bird = type("Bird", (Animal,), {"legs": 2, "fly": lambda self: "flap"})  # safepy: ignore[SP308]

b = Bird()
print(b.describe(), b.fly(), b.kind, Animal().describe())
print(type(b) is Bird, isinstance(b, Animal), Bird.__name__, issubclass(Bird, Animal))
print(type(3) is int, type("s").__name__, type(type(b)).__name__, type(int).__name__)
print(type(None).__name__, type(print).__name__, type(len).__name__, type(lambda: 0).__name__)
print(type([]) == list, type({}) is dict, type(1.0)(2), type("x")(5), type(b)().legs)
try:
    type("X", "not a tuple", {})  # safepy: ignore[SP308]
except TypeError as e:
    print("TypeError:", e)
try:
    type(1, 2)
except TypeError as e:
    print("TypeError:", e)
