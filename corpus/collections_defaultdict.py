from collections import defaultdict

groups = defaultdict(list)
for word in ["apple", "avocado", "banana", "blueberry", "cherry", "apricot"]:
    groups[word[0]].append(word)
print(groups)
print(dict(groups))
print(groups["a"], groups["z"], len(groups))
print("q" in groups, groups.get("q"), len(groups))
counts = defaultdict(int)
for ch in "hello world":
    counts[ch] += 1
print(counts)
print(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
nested = defaultdict(lambda: defaultdict(int))
nested["x"]["y"] += 2
nested["x"]["z"] += 1
nested["w"]["y"] += 5
print({k: dict(v) for k, v in nested.items()})
sets = defaultdict(set)
sets[1].add("a")
sets[1].add("b")
sets[2]
print(sorted(sets[1]), sets[2], len(sets))
print(defaultdict(int), defaultdict(None), defaultdict(list, {"a": [1]}), defaultdict(str, a="x"))
print(defaultdict(int).default_factory, groups.default_factory, defaultdict().default_factory)
print(isinstance(counts, dict), isinstance(counts, defaultdict), type(counts).__name__, type(counts))
c2 = counts.copy()
c2["new"] += 10
print(c2["new"], "new" in counts, type(c2).__name__, c2.default_factory)
nd = defaultdict(None)
try:
    nd["missing"]
except KeyError as ex:
    print("KeyError", ex)
try:
    defaultdict(5)
except TypeError as ex:
    print("TypeError", ex)
print(counts == dict(counts), defaultdict(int, a=1) == {"a": 1})
graph = defaultdict(list)
for a, b in [(1, 2), (1, 3), (2, 3), (3, 1)]:
    graph[a].append(b)
    graph[b]
print(graph)
print(sorted(graph), [len(v) for v in graph.values()])
total = defaultdict(float)
for name, amount in [("a", 1.5), ("b", 2.0), ("a", 3.25)]:
    total[name] += amount
print(total)
idx = defaultdict(lambda: "unknown")
print(idx["k"], dict(idx))
print(defaultdict(list).fromkeys("ab", 0) if False else "skip")
print(counts.pop("h"), counts.setdefault("h", 42), counts["h"])
d3 = defaultdict(tuple)
print(d3[0], d3)
