import queue
q = queue.LifoQueue(maxsize=1)
q.put('a')
print(q.full())
q.put_nowait('b')
