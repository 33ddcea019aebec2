import queue

def topo_order(tasks, deps):
    indeg = {t: 0 for t in tasks}
    children = {t: [] for t in tasks}
    for task, before in deps.items():
        for b in before:
            children[b].append(task)
            indeg[task] += 1
    ready = queue.Queue()
    for t in tasks:
        if indeg[t] == 0:
            ready.put(t)
    order = []
    while not ready.empty():
        t = ready.get()
        order.append(t)
        for c in children[t]:
            indeg[c] -= 1
            if indeg[c] == 0:
                ready.put(c)
        ready.task_done()
    if len(order) != len(tasks):
        stuck = sorted(t for t in tasks if indeg[t] > 0)
        raise ValueError("cycle among: " + ", ".join(stuck))
    return order

def lexical_topo(tasks, deps):
    """Smallest name first among the ready ones: a PriorityQueue."""
    indeg = {t: len(deps.get(t, ())) for t in tasks}
    ready = queue.PriorityQueue()
    for t in tasks:
        if indeg[t] == 0:
            ready.put(t)
    order = []
    while not ready.empty():
        t = ready.get_nowait()
        order.append(t)
        for u in tasks:
            if t in deps.get(u, ()):
                indeg[u] -= 1
                if indeg[u] == 0:
                    ready.put_nowait(u)
    return order

tasks = ["fetch", "parse", "validate", "store", "index", "report", "notify", "cleanup"]
deps = {
    "parse": ["fetch"],
    "validate": ["parse"],
    "store": ["validate"],
    "index": ["store"],
    "report": ["store", "validate"],
    "notify": ["report"],
    "cleanup": ["notify", "index"],
}
print(topo_order(tasks, deps))
print(lexical_topo(tasks, deps))
courses = ["calc2", "calc1", "algebra", "physics", "mechanics", "stats", "ml"]
prereq = {"calc1": ["algebra"], "calc2": ["calc1"], "physics": ["calc1"],
          "mechanics": ["physics", "calc2"], "stats": ["algebra"], "ml": ["stats", "calc2"]}
print(topo_order(courses, prereq))
print(lexical_topo(courses, prereq))
prereq["algebra"] = ["ml"]
try:
    topo_order(courses, prereq)
except ValueError as e:
    print("error:", e)
print(lexical_topo(courses, prereq))
