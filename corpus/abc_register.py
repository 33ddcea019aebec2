# ABCMeta.register: returns the class (usable as a decorator), makes
# isinstance/issubclass true for the class and its subclasses, refuses
# non-classes and inheritance cycles; the negative cache is invalidated
from collections.abc import Sequence, Mapping, Sized, Iterable, Hashable, MutableSequence, Set


class Tree:
    def __init__(self, items):
        self.items = list(items)


print(isinstance(Tree([]), Sequence))
r = Sequence.register(Tree)
print(r is Tree, isinstance(Tree([]), Sequence), issubclass(Tree, Sequence))


class SubTree(Tree):
    pass


print(issubclass(SubTree, Sequence), isinstance(SubTree([1]), Sequence))
# a virtual subclass inherits nothing
print(hasattr(Tree, "index"), hasattr(Tree, "count"))


@Mapping.register
class Config:
    pass


print(Config, issubclass(Config, Mapping), isinstance(Config(), Mapping), isinstance(Config(), Sized))
# registering on a subclass answers for the bases too (through __subclasses__)
print(issubclass(Config, Iterable), issubclass(Config, Hashable))


class Late:
    pass


print(issubclass(Late, MutableSequence))  # cached negative
MutableSequence.register(Late)
print(issubclass(Late, MutableSequence), issubclass(Late, Sequence))
# registering twice, or a real subclass, returns it unchanged
print(MutableSequence.register(Late) is Late, Sequence.register(list) is list)
for bad in (1, "x", None, [1], Tree([])):
    try:
        Sequence.register(bad)
    except TypeError as e:
        print("TypeError", e)
try:
    Sequence.register(MutableSequence)
except Exception as e:
    print(type(e).__name__, e)
try:
    MutableSequence.register(Sequence)
except RuntimeError as e:
    print("RuntimeError", e)
try:
    Sequence.register()
except TypeError as e:
    print("TypeError", e)
try:
    Sequence.register(int, str)
except TypeError as e:
    print("TypeError", e)
# registering an ABC with another ABC
Set.register(Config)
print(issubclass(Config, Set), isinstance(Config(), Set))
# int registered as a Sequence virtual subclass: bool follows
Sequence.register(int)
print(isinstance(5, Sequence), isinstance(True, Sequence), issubclass(bool, Sequence), isinstance(5.0, Sequence))
