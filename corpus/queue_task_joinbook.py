import queue

work = queue.Queue()
jobs = ["parse config", "load data", "transform", "validate", "save"]
for j in jobs:
    work.put(j)
print("queued", work.qsize(), "unfinished", work.unfinished_tasks)

results = {}
step = 0
while not work.empty():
    job = work.get()
    step += 1
    if job == "transform" and "retry" not in results:
        results["retry"] = job
        print(f"step {step}: {job} failed, requeue")
        work.put(job)
        work.task_done()
        continue
    results[job] = len(job)
    work.task_done()
    print(f"step {step}: {job} ok (unfinished={work.unfinished_tasks})")

work.join()
print("join returned; unfinished", work.unfinished_tasks)
print(results)

try:
    work.task_done()
except ValueError as e:
    print("extra task_done:", type(e).__name__, e)

q2 = queue.PriorityQueue()
for p in [3, 1, 2]:
    q2.put(p)
got = [q2.get() for _ in range(3)]
for _ in got:
    q2.task_done()
q2.join()
print("priority all done", got, q2.unfinished_tasks)

q3 = queue.LifoQueue()
q3.put("a")
q3.put("b")
print(q3.get(), q3.unfinished_tasks)
q3.task_done()
print(q3.get(), q3.unfinished_tasks)
q3.task_done()
q3.join()
print("lifo joined", q3.empty())
try:
    q3.task_done()
except ValueError as e:
    print(type(e).__name__, e)
