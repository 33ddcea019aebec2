from queue import PriorityQueue
pq = PriorityQueue()
pq.put((1, {'job': 'a'}))
pq.put((2, {'job': 'b'}))
print(pq.qsize())
pq.put((1, {'job': 'c'}))
