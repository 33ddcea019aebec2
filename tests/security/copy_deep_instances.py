# args: --allow-module copy
# expect: exit=1 stderr="RecursionError" seconds=20
# A chain of instances through __dict__, __slots__ and a dict subclass,
# deep-copied through the reduce path: RecursionError, never a C stack overflow.
import copy


class Node:
    __slots__ = ('next', '__dict__')


class D(dict):
    pass


head = None
for i in range(20000):
    n = Node()
    n.next = head
    d = D(n=n)
    d.tag = d
    head = d
copy.deepcopy(head)
