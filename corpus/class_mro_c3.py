# C3 linearization: the diamond, a deeper hierarchy, and the order in which
# cooperative super() calls visit the classes.
class A:
    def who(self):
        return ["A"]
class B(A):
    def who(self):
        return ["B"] + super().who()
class C(A):
    def who(self):
        return ["C"] + super().who()
class D(B, C):
    def who(self):
        return ["D"] + super().who()

print(D().who())
print([k.__name__ for k in D.mro()])

class O: pass
class F(O): pass
class E(O): pass
class Dd(O): pass
class Cc(Dd, F): pass
class Bb(Dd, E): pass
class Aa(Bb, Cc, E): pass
print([k.__name__ for k in Aa.mro()])
print(isinstance(Aa(), F), issubclass(Aa, E), issubclass(F, Aa))

class X: pass
class Y: pass
class Z(X, Y): pass
class W(Y, X): pass
print([k.__name__ for k in Z.mro()], [k.__name__ for k in W.mro()])
