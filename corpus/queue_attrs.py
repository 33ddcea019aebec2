import queue
q = queue.Queue(5)
pq = queue.PriorityQueue()
lq = queue.LifoQueue()
print(type(q.queue).__name__, type(pq.queue).__name__, type(lq.queue).__name__)
print(isinstance(pq, queue.Queue), isinstance(lq, queue.Queue), isinstance(q, queue.PriorityQueue))
print(queue.Queue, queue.PriorityQueue, queue.LifoQueue, queue.Empty, queue.Full)
print(issubclass(queue.Empty, Exception), issubclass(queue.Full, Exception))
print(type(q).__name__, type(pq).__module__ if False else 'queue')
q.put(1); q.put(2)
print(q.queue[0], len(q.queue), q.qsize())
pq.put(5); pq.put(1); pq.put(3)
print("peek:", pq.queue[0])
q.note = "custom attribute"
print(q.note)
try:
    raise queue.Full("buffer is full")
except queue.Full as e:
    print(repr(e), str(e))
