# Assigning to an attribute of type(obj): tree-sitter reads it as a type alias.
class A:
    n = 0
a = A()
type(a).n = 5
print(A.n)
