# repr of a super object, as CPython: <super: <class C>, <T object>>
class A:
  def p(self): print(super(), repr(super()))
  @classmethod
  def c(cls): print(super())
class B(A):
  def p(self): print(super()); super().p()
B().p(); B.c()
class Outer:
  class In(A):
    def q(self): return str(super())
print(Outer.In().q())
