from queue import PriorityQueue
pq = PriorityQueue()
pq.put((1, 'a'))
pq.get()
pq.task_done()
pq.task_done()
