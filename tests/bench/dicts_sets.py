# dict and set heavy code: counting, grouping, membership, set algebra

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 8
for _round in range(ROUNDS):
    words = []
    for i in range(200000):
        words.append('w' + str((i * 7919) % 5003))
    counts = {}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    print(len(counts), counts['w0'], max(counts.values()))
    groups = {}
    for w in words[:100000]:
        groups.setdefault(len(w), []).append(w)
    print(sorted((k, len(v)) for k, v in groups.items()))
    seen = set()
    dups = 0
    for i in range(300000):
        k = (i * 31) % 70001
        if k in seen:
            dups += 1
        else:
            seen.add(k)
    print(len(seen), dups)
    a = set(range(0, 200000, 2))
    b = set(range(0, 200000, 3))
    print(len(a & b), len(a | b), len(a - b), len(a ^ b))
    inv = {v: k for k, v in enumerate(words[:50000])}
    print(len(inv), inv['w0'])
    d = dict.fromkeys(range(100000), 0)
    for i in range(0, 100000, 3):
        del d[i]
    print(len(d), sum(d.keys()) % 1000003)
