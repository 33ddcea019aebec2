# itertools and collections: Counter, defaultdict, deque, chain, product...
import itertools
from collections import Counter, defaultdict, deque

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 16
for _round in range(ROUNDS):
    text = ('the quick brown fox jumps over the lazy dog ' * 20000).split()
    c = Counter(text)
    print(c.most_common(3), len(c))
    dd = defaultdict(list)
    for i, w in enumerate(text[:100000]):
        dd[w].append(i)
    print(sorted((k, len(v)) for k, v in dd.items())[:3])
    q = deque()
    total = 0
    for i in range(200000):
        q.append(i)
        if len(q) > 100:
            total += q.popleft()
    print(total, len(q))
    print(sum(1 for _ in itertools.permutations(range(8))))
    print(sum(a * b for a, b in itertools.product(range(300), repeat=2)))
    print(list(itertools.islice(itertools.count(5, 3), 5)), sum(itertools.chain(range(1000), range(2000))))
    acc = list(itertools.accumulate(range(100000)))
    print(acc[-1])
    groups = [(k, len(list(g))) for k, g in itertools.groupby(sorted(text[:50000]))]
    print(groups)
    print(sum(1 for _ in itertools.combinations(range(25), 4)))
