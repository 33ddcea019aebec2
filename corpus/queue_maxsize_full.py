import queue

buf = queue.Queue(maxsize=3)
print(buf.maxsize, buf.full(), buf.empty())
produced = 0
dropped = []
for item in range(6):
    try:
        buf.put(item, block=False)
        produced += 1
    except queue.Full:
        dropped.append(item)
print("produced", produced, "dropped", dropped, "full", buf.full())
print(list(buf.queue))
print(buf.get(), buf.get_nowait(), buf.qsize())
buf.put(99)
print(list(buf.queue))
unbounded = queue.Queue(maxsize=0)
for i in range(100):
    unbounded.put(i)
print(unbounded.full(), unbounded.qsize())
neg = queue.Queue(-5)
neg.put(1)
print(neg.full(), neg.maxsize)
try:
    buf.put(1, timeout=-1)
except ValueError as e:
    print("ValueError:", e)
try:
    buf.get(timeout=-0.5)
except ValueError as e:
    print("ValueError:", e)
