from queue import LifoQueue

tree = {
    "root": ["src", "docs", "tests"],
    "src": ["main.c", "util.c", "lib"],
    "lib": ["a.c", "b.c"],
    "docs": ["index.md"],
    "tests": ["t1.py", "t2.py", "data"],
    "data": [],
}

def dfs(start):
    stack = LifoQueue()
    stack.put((start, 0))
    order = []
    max_depth_stack = 0
    while not stack.empty():
        max_depth_stack = max(max_depth_stack, stack.qsize())
        node, depth = stack.get()
        order.append((node, depth))
        for child in reversed(tree.get(node, [])):
            stack.put((child, depth + 1))
    return order, max_depth_stack

order, peak = dfs("root")
for node, depth in order:
    suffix = "/" if node in tree else ""
    print("  " * depth + node + suffix)
print("visited:", len(order), "peak stack:", peak)

def has_cycle(graph):
    color = {n: 0 for n in graph}
    for s in sorted(graph):
        if color[s]:
            continue
        stack = LifoQueue()
        stack.put((s, iter(graph[s])))
        color[s] = 1
        while not stack.empty():
            node, it = stack.get()
            for nxt in it:
                if color[nxt] == 1:
                    return (node, nxt)
                if color[nxt] == 0:
                    color[nxt] = 1
                    stack.put((node, it))
                    stack.put((nxt, iter(graph[nxt])))
                    break
            else:
                color[node] = 2
    return None

print(has_cycle({"a": ["b"], "b": ["c"], "c": []}))
print(has_cycle({"a": ["b"], "b": ["c"], "c": ["a"]}))
print(has_cycle({"x": ["y", "z"], "y": ["z"], "z": [], "w": ["w"]}))
