import queue

q = queue.Queue(5)
lq = queue.LifoQueue()
pq = queue.PriorityQueue(maxsize=-1)
for x in [4, 1, 3]:
    q.put(x)
    lq.put(x)
    pq.put(x)
print(type(q.queue).__name__, q.queue)
print(type(lq.queue).__name__, lq.queue)
print(type(pq.queue).__name__, pq.queue)
print(q.maxsize, lq.maxsize, pq.maxsize, pq.full())
print(q.unfinished_tasks, lq.unfinished_tasks)
q.queue.append(99)
print(q.qsize(), q.get(), q.queue)
lq.queue.clear()
print(lq.empty(), lq.qsize())
print(pq.get(), pq.get(), pq.get())
print(q.unfinished_tasks)
for _ in range(3):
    q.task_done()
print(q.unfinished_tasks)
try:
    q.task_done()
except ValueError as e:
    print(e)
print(q.unfinished_tasks)
z = queue.Queue(0)
for i in range(100):
    z.put_nowait(i)
print(z.full(), z.qsize(), sum(z.queue))
try:
    queue.Queue("3")
    print("made with a str maxsize")
except TypeError as e:
    print("TypeError:", e)
m = queue.Queue(maxsize=1.5)
m.put(1)
m.put(2)
print(m.full(), m.qsize())
