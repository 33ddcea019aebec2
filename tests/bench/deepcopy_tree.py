# copy.deepcopy of nested data: dicts of lists of tuples, instances with
# __dict__, a __deepcopy__ hook and shared references; checksum at the end.
import copy

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 3
for _round in range(ROUNDS):
    class Node:
        def __init__(self, name, children, meta):
            self.name = name
            self.children = children
            self.meta = meta


    class Tagged:
        def __init__(self, tag):
            self.tag = tag

        def __deepcopy__(self, memo):
            return Tagged(self.tag + "'")


    def build(depth, width, shared):
        if depth == 0:
            return {"leaf": [(i, str(i), i * 0.5) for i in range(width)], "shared": shared}
        kids = [build(depth - 1, width, shared) for _ in range(width)]
        return Node("n%d" % depth, kids, {"tag": Tagged("t%d" % depth), "set": {depth, width}})


    def checksum(x, seen):
        if id(x) in seen:
            return 1
        if isinstance(x, Node):
            seen.add(id(x))
            return len(x.name) + sum(checksum(c, seen) for c in x.children) + checksum(x.meta, seen)
        if isinstance(x, dict):
            return sum(checksum(k, seen) + checksum(v, seen) for k, v in x.items())
        if isinstance(x, (list, tuple, set)):
            return len(x) + sum(checksum(v, seen) for v in x)
        if isinstance(x, Tagged):
            return len(x.tag)
        if isinstance(x, str):
            return len(x)
        return int(x) % 7


    shared = [1, 2, 3]
    tree = build(4, 5, shared)
    total = 0
    for rnd in range(15):
        t = copy.deepcopy(tree)
        total += checksum(t, set())
        t2 = copy.deepcopy([t, t, shared])
        total += t2[0] is t2[1]
    print(total)
