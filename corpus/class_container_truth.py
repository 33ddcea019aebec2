# A queue-like container whose __len__ drives truthiness in while loops and
# conditionals, with __iter__ not consuming and drain() consuming.
class Queue:
    def __init__(self, *items):
        self.items = list(items)
    def push(self, *xs):
        self.items.extend(xs)
    def pop(self):
        return self.items.pop(0)
    def __len__(self):
        return len(self.items)
    def __iter__(self):
        return iter(list(self.items))
    def drain(self):
        while self:
            yield self.pop()
    def __repr__(self):
        return f"Queue{tuple(self.items)}"

q = Queue(3, 1)
q.push(4, 1, 5)
print(q, len(q), bool(q), list(q), len(q))
total = 0
while q:
    x = q.pop()
    if x == 4:
        q.push(9, 2)
    total += x
print(total, q, bool(q), "empty" if not q else "full")
q.push(*"abc")
print(list(q.drain()), q)
print([bool(Queue()), bool(Queue(0)), bool(Queue(None))])
print(Queue() or "default", Queue(1) and "second")
