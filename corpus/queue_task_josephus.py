from queue import Queue

def josephus(n, k):
    q = Queue()
    for i in range(1, n + 1):
        q.put(i)
    order = []
    while q.qsize() > 1:
        for _ in range(k - 1):
            q.put(q.get())
        order.append(q.get())
    return order, q.get()

for n, k in [(7, 3), (10, 2), (1, 5), (5, 1), (41, 3)]:
    order, last = josephus(n, k)
    print("n=%d k=%d survivor=%d eliminated=%s" % (n, k, last, order[:12]))

def hot_potato(names, passes):
    q = Queue()
    for nm in names:
        q.put(nm)
    rounds = 0
    while q.qsize() > 1:
        for _ in range(passes):
            q.put(q.get())
        out = q.get()
        rounds += 1
        print("round %d: %s is out, %d left" % (rounds, out, q.qsize()))
    return q.get()

print("winner:", hot_potato(["Bill", "David", "Susan", "Jane", "Kent", "Brad"], 7))
