# != of an instance of a builtin's subclass that defines only __eq__ is the
# builtin's own __ne__ (found before object's in the MRO), not the inverse
# of the user's __eq__; a plain class still gets the inverse
class I(int):
    def __eq__(self, o):
        print("I.__eq__", o)
        return True
class L(list):
    def __eq__(self, o):
        return True
class S(str):
    def __eq__(self, o):
        return True
    __hash__ = str.__hash__
class P:
    def __eq__(self, o):
        print("P.__eq__")
        return True
print(I(1) != 2, I(1) == 2, I(1) != I(2), I(1).__ne__(2), 2 != I(1))
print(L([1]) != [2], L() == [3], [2] != L([1]), L([1]).__ne__([1]))
print(S("a") != "b", S("a") == "b", "b" != S("a"))
print(P() != P(), P() == 1)
class J(int):
    def __ne__(self, o):
        return "custom"
print(J(1) != 1, 1 != J(1))
