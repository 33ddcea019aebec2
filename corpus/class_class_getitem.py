# __class_getitem__ lets a class be subscripted (generic-style annotations).
class Box:
    def __class_getitem__(cls, item):
        return f"{cls.__name__}[{item.__name__ if isinstance(item, type) else item}]"
    def __init__(self, v):
        self.v = v

print(Box[int], Box[str], Box["T"])
print(Box(3).v)

class Typed:
    def __class_getitem__(cls, item):
        def make(value):
            if not isinstance(value, item):
                raise TypeError(f"expected {item.__name__}, got {type(value).__name__}")
            obj = cls()
            obj.value = value
            return obj
        return make

print(Typed[int](5).value)
try:
    Typed[int]("5")
except TypeError as e:
    print("TypeError:", e)
print(list[int], dict[str, int])
try:
    Box(1)[0]
except TypeError as e:
    print("TypeError:", e)
