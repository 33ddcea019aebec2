import queue

sq = queue.SimpleQueue()
print(type(sq).__name__, sq.empty(), sq.qsize())
for word in "the quick brown fox jumps".split():
    sq.put(word)
sq.put_nowait("over")
print("size:", sq.qsize(), "empty:", sq.empty())

out = []
while not sq.empty():
    out.append(sq.get())
print(out)

try:
    sq.get_nowait()
except queue.Empty as e:
    print("caught", type(e).__name__, repr(str(e)))

try:
    sq.get(block=False)
except Exception as e:
    print("caught", type(e).__name__, isinstance(e, queue.Empty))

# producer/consumer pipeline without threads
def producer(q, n):
    for i in range(n):
        q.put({"id": i, "payload": i * i})
    q.put(None)

def consumer(q):
    total, seen = 0, []
    while True:
        item = q.get()
        if item is None:
            break
        seen.append(item["id"])
        total += item["payload"]
    return total, seen

pipe = queue.SimpleQueue()
producer(pipe, 6)
print("pipe size:", pipe.qsize())
print(consumer(pipe))
print("after consume:", pipe.qsize(), pipe.empty())

for bad in ("maxsize", "task_done", "join", "full"):
    print(bad, hasattr(sq, bad))  # safepy: ignore[SP305]
