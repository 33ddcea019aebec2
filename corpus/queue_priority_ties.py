from queue import PriorityQueue

pq = PriorityQueue()
items = [(2, 'b'), (1, 'z'), (2, 'a'), (1, 'a'), (3, 'c'), (2, 'b'), (0, 'x'), (1, 'm')]
for it in items:
    pq.put(it)
    print("after", it, "->", pq.queue)
out = []
while not pq.empty():
    out.append(pq.get())
print(out)

# priority with a counter to keep insertion order among ties
pq2 = PriorityQueue()
count = 0
for prio, name in [(1, 'first'), (0, 'urgent'), (1, 'second'), (1, 'third'), (0, 'urgent2')]:
    pq2.put((prio, count, name))
    count += 1
print([pq2.get()[2] for _ in range(pq2.qsize())])

# floats, negative priorities (max-heap trick)
scores = {'ann': 88.5, 'bob': 92.0, 'cy': 79.25, 'dee': 92.0}
mx = PriorityQueue()
for name, s in scores.items():
    mx.put((-s, name))
print([(-s, n) for s, n in (mx.get() for _ in range(len(scores)))])

# mixed ints and floats
pq3 = PriorityQueue()
for v in [3, 1.5, 2, 0.5, 2.0, 1]:
    pq3.put(v)
print(pq3.queue, [pq3.get() for _ in range(6)])
