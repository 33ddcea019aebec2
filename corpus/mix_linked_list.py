# A singly linked list class with the sequence protocol: __len__, __getitem__
# (negative indexes, IndexError), __iter__, __contains__, __reversed__-free
# reversal, __eq__, __repr__ and __add__.
class LinkedList:
    class _Node:
        __slots__ = ("value", "next")
        def __init__(self, value, next=None):
            self.value, self.next = value, next

    def __init__(self, items=()):
        self.head = None
        self.length = 0
        for x in reversed(list(items)):
            self.push_front(x)

    def push_front(self, value):
        self.head = self._Node(value, self.head)
        self.length += 1

    def __len__(self):
        return self.length

    def __iter__(self):
        node = self.head
        while node:
            yield node.value
            node = node.next

    def __getitem__(self, i):
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError("linked list index out of range")
        for j, v in enumerate(self):
            if j == i:
                return v

    def reverse(self):
        prev, node = None, self.head
        while node:
            node.next, prev, node = prev, node, node.next
        self.head = prev
        return self

    def __eq__(self, other):
        return isinstance(other, LinkedList) and list(self) == list(other)

    def __add__(self, other):
        return LinkedList(list(self) + list(other))

    def __repr__(self):
        return "LinkedList([" + " -> ".join(map(repr, self)) + "])"

ll = LinkedList([1, 2, 3])
ll.push_front(0)
print(ll, len(ll), ll[0], ll[-1], 2 in ll, 9 in ll)
print(ll.reverse(), list(ll), ll == LinkedList([3, 2, 1, 0]), ll == [3, 2, 1, 0])
print(ll + LinkedList("ab"), sum(LinkedList(range(5))), LinkedList())
try:
    ll[10]
except IndexError as e:
    print("IndexError:", e)
a, *rest = ll
print(a, rest, sorted(ll), max(ll), list(enumerate(LinkedList("xy"))))
