import queue

pq = queue.PriorityQueue()
pq.put((2, "two"))
pq.put((1, "one"))
pq.put((1, "uno"))
print(pq.get(), pq.qsize())
pq.put("three")
print("not reached")
