# Objects in garbage cycles are finalized by the cycle collector (PEP 442):
# every finalizer of the cycle runs once, before anything is cleared, so
# each still sees the others whole; a finalizer may resurrect its cycle
class Node:
    def __init__(self, name):
        self.name = name
        self.other = None
    def __del__(self):
        other = self.other.name if self.other is not None else None
        print("del", self.name, "sees", other)

a = Node("a")
b = Node("b")
a.other = b
b.other = a
del a, b
print("cycle dropped, alive until a collection")
print("end of program")

risen = []
class Phoenix:
    def __init__(self, n):
        self.n = n
        self.me = self
    def __del__(self):
        print("phoenix", self.n, "finalized once")
        risen.append(self)

Phoenix(1)
Phoenix(2)
print("really the end")
