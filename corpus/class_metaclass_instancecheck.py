# A metaclass's __instancecheck__ and __subclasscheck__ decide isinstance(),
# issubclass() and class patterns in match (an object of exactly the class
# is its instance without asking; a class whose type is type is never
# asked); the result is taken for its truth, errors propagate.


class Meta(type):
    def __instancecheck__(cls, obj):
        print("  instancecheck", cls.__name__, type(obj).__name__)
        return obj == 42

    def __subclasscheck__(cls, sub):
        print("  subclasscheck", cls.__name__, sub.__name__)
        return sub is int


class Any(metaclass=Meta):
    pass


class Sub(Any):
    pass


print(isinstance(42, Any), isinstance(1, Any), issubclass(int, Any), issubclass(str, Any))
print(isinstance(Any(), Any), issubclass(Any, Any))
print(isinstance(42, (str, Any)), isinstance("s", (str, Any)), issubclass(int, (str, Any)))
print(isinstance(42, str | Any))
print(isinstance(Sub(), Any), issubclass(Sub, Any))


class DuckMeta(type):
    def __instancecheck__(cls, obj):
        return hasattr(obj, "quack")


class Duck(metaclass=DuckMeta):
    pass


class Mallard:
    quack = 1


print(isinstance(Mallard(), Duck), isinstance(3, Duck))


def kind(x):
    match x:
        case Duck():
            return "duck"
        case Any():
            return "any"
        case int():
            return "int"
    return "other"


print(kind(Mallard()), kind(42), kind(7), kind("s"))


class Bad(type):
    def __instancecheck__(cls, obj):
        raise ValueError("nope")


class B(metaclass=Bad):
    pass


try:
    isinstance(1, B)
except ValueError as e:
    print(type(e).__name__, e)
try:
    match 1:
        case B():
            print("matched")
except ValueError as e:
    print(type(e).__name__, e)
print(isinstance(B(), B))


class Truthy(type):
    def __instancecheck__(cls, obj):
        return [1]

    def __subclasscheck__(cls, sub):
        return 0


class T(metaclass=Truthy):
    pass


print(isinstance(None, T), issubclass(int, T), issubclass(T, T))


class Plain(type):
    pass


class P(metaclass=Plain):
    pass


print(isinstance(P(), P), isinstance(1, P), issubclass(P, P), issubclass(bool, int))
