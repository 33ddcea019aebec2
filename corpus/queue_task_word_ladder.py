from queue import Queue
LETTERS = "abcdefghijklmnopqrstuvwxyz"

WORDS = set("""cold cord card ward warm worm word wore core corn born barn bard bold bolt boat coat cost
most mast mist fist fish dish wish wise wide ride rode code come home hole hold gold golf wolf""".split())

def neighbours(word):
    for i in range(len(word)):
        for c in LETTERS:
            if c != word[i]:
                w = word[:i] + c + word[i + 1:]
                if w in WORDS:
                    yield w

def ladder(start, goal):
    if start not in WORDS or goal not in WORDS:
        return None
    q = Queue()
    q.put(start)
    parent = {start: None}
    while not q.empty():
        w = q.get()
        if w == goal:
            path = []
            while w is not None:
                path.append(w)
                w = parent[w]
            return path[::-1]
        for n in neighbours(w):
            if n not in parent:
                parent[n] = w
                q.put(n)
    return None

for a, b in [("cold", "warm"), ("fish", "wise"), ("code", "gold"), ("cold", "cold"), ("boat", "most"), ("wolf", "card"), ("fish", "xyzw")]:
    path = ladder(a, b)
    if path is None:
        print(a, "->", b, ": no ladder")
    else:
        print(a, "->", b, ":", " > ".join(path), "(%d steps)" % (len(path) - 1))

def components():
    seen = set()
    groups = []
    for w in sorted(WORDS):
        if w in seen:
            continue
        q = Queue()
        q.put(w)
        seen.add(w)
        group = []
        while q.qsize():
            x = q.get_nowait()
            group.append(x)
            for n in neighbours(x):
                if n not in seen:
                    seen.add(n)
                    q.put_nowait(n)
        groups.append(sorted(group))
    return groups

for g in components():
    print(len(g), g[:6])
