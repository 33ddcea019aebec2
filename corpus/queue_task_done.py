from queue import Queue

work = Queue()
for n in [5, 3, 8, 1]:
    work.put(n)
print("unfinished:", work.unfinished_tasks)
results = []
while not work.empty():
    n = work.get()
    results.append(n * n)
    work.task_done()
    print("done", n, "left", work.unfinished_tasks)
work.join()
print("all done", results)
try:
    work.task_done()
except ValueError as e:
    print("ValueError:", e)
print(work.unfinished_tasks)
