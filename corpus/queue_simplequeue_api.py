from queue import SimpleQueue, Empty

sq = SimpleQueue()
print(type(sq).__name__, sq.qsize(), sq.empty())
for word in "the quick brown fox".split():
    sq.put(word)
sq.put_nowait("jumps")
sq.put("over", block=False)
sq.put("the", timeout=3)
sq.put("lazy", True, None)
print(sq.qsize(), sq.empty())
out = []
while not sq.empty():
    out.append(sq.get())
print(" ".join(out))
try:
    sq.get_nowait()
except Empty:
    print("empty: get_nowait")
try:
    sq.get(timeout=0.01)
except Empty:
    print("empty: get(timeout=0.01)")
try:
    sq.get(block=False)
except Empty:
    print("empty: get(block=False)")
try:
    sq.get(timeout=-1)
except ValueError as e:
    print("ValueError:", e)
for x in [None, 0, [], (), "", 3.5]:
    sq.put(x)
got = [sq.get_nowait() for _ in range(sq.qsize())]
print(got)
try:
    SimpleQueue(5)
except TypeError as e:
    print("TypeError:", e)
print(hasattr(sq, "task_done"), hasattr(sq, "join"), hasattr(sq, "full"), hasattr(sq, "maxsize"))
