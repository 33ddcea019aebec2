# The C3 order seen through cooperative super() calls in a diamond and in a
# deeper hierarchy (no direct access to the MRO).
class Root:
    def chain(self):
        return ["Root"]


class A(Root):
    def chain(self):
        return ["A"] + super().chain()
class B(A):
    def chain(self):
        return ["B"] + super().chain()
class C(A):
    def chain(self):
        return ["C"] + super().chain()
class D(B, C):
    def chain(self):
        return ["D"] + super().chain()
print(D().chain())

class F(Root):
    def chain(self):
        return ["F"] + super().chain()
class E(Root):
    def chain(self):
        return ["E"] + super().chain()
class Dd(Root):
    def chain(self):
        return ["Dd"] + super().chain()
class Cc(Dd, F):
    def chain(self):
        return ["Cc"] + super().chain()
class Bb(Dd, E):
    def chain(self):
        return ["Bb"] + super().chain()
class Aa(Bb, Cc, E):
    def chain(self):
        return ["Aa"] + super().chain()
print(Aa().chain())
print(Cc().chain(), Bb().chain())
print(isinstance(Aa(), F), issubclass(Aa, E), issubclass(F, Aa))
