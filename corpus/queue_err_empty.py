import queue
q = queue.Queue()
q.put('only')
print(q.get_nowait())
q.get_nowait()
