import queue

sq = queue.SimpleQueue()
print(sq.empty(), sq.qsize())
for word in "the quick brown fox".split():
    sq.put(word)
sq.put_nowait("jumps")
sq.put("over", block=False)
sq.put("the", timeout=1)
print(sq.qsize())
words = []
while not sq.empty():
    words.append(sq.get())
print(words)
try:
    sq.get_nowait()
except queue.Empty as e:
    print("empty:", type(e).__name__, repr(e), isinstance(e, Exception))
try:
    sq.get(block=False)
except queue.Empty:
    print("empty again")
print(type(sq).__name__, type(sq))
