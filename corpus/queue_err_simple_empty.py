from queue import SimpleQueue

sq = SimpleQueue()
sq.put("a")
print(sq.get(block=False))
print(sq.empty())
sq.get(False)
