from queue import Queue

tree = {1: [2, 3], 2: [4, 5], 3: [6], 4: [], 5: [7, 8], 6: [], 7: [], 8: []}

def levels(root):
    q = Queue()
    q.put((root, 0))
    out = {}
    while q.qsize() > 0:
        node, depth = q.get()
        out.setdefault(depth, []).append(node)
        for ch in tree[node]:
            q.put((ch, depth + 1))
    return out

for depth, nodes in levels(1).items():
    print(depth, nodes)

# word ladder
words = {"hot", "dot", "dog", "lot", "log", "cog"}
def ladder(begin, end):
    q = Queue()
    q.put((begin, [begin]))
    seen = {begin}
    while not q.empty():
        w, path = q.get()
        if w == end:
            return path
        for i in range(len(w)):
            for c in "abcdefghijklmnopqrstuvwxyz":
                nw = w[:i] + c + w[i + 1:]
                if nw in words and nw not in seen:
                    seen.add(nw)
                    q.put((nw, path + [nw]))
    return []
print(ladder("hit", "cog"))
