# heapq on 10^5 items: results checked by checksums
import heapq

N = 100000
x = 12345
xs = []
for i in range(N):
    x = (x * 1103515245 + 12345) % 2147483648
    xs.append(x % 1000003)

h = []
for v in xs:
    heapq.heappush(h, v)
out = [heapq.heappop(h) for _ in range(N)]
print(out == sorted(xs), out[:5], out[-5:])

h = xs[:]
heapq.heapify(h)
print(sum(h[i] * (i % 7) for i in range(0, N, 13)) % 1000000007)
acc = 0
for i in range(N // 2):
    acc = (acc * 31 + heapq.heapreplace(h, xs[i] ^ 77)) % 1000000007
print(acc)
for i in range(N // 2):
    acc = (acc * 37 + heapq.heappushpop(h, xs[i] // 3)) % 1000000007
print(acc)

print(heapq.nsmallest(5, xs), heapq.nlargest(5, xs))
print(heapq.nsmallest(5, xs, key=lambda v: v % 1000), heapq.nlargest(5, xs, key=lambda v: -v))
print(sum(heapq.nlargest(1000, xs)), sum(heapq.nsmallest(1000, iter(xs))))

fs = [v / 7.0 for v in xs[:20000]]
heapq.heapify(fs)
print([round(heapq.heappop(fs), 3) for _ in range(5)])
ss = [str(v) for v in xs[:20000]]
heapq.heapify(ss)
print([heapq.heappop(ss) for _ in range(5)])
ts = [(v % 100, i) for i, v in enumerate(xs[:30000])]
heapq.heapify(ts)
print([heapq.heappop(ts) for _ in range(5)])

chunks = [sorted(xs[i::10]) for i in range(10)]
merged = list(heapq.merge(*chunks))
print(merged == sorted(xs), len(merged))
rev = list(heapq.merge(*[c[::-1] for c in chunks], reverse=True))
print(rev[:3], len(rev))
km = list(heapq.merge(*[sorted(c, key=lambda v: v % 977) for c in chunks], key=lambda v: v % 977))
print(sum(i * (v % 977) for i, v in enumerate(km)) % 1000000007)

# Dijkstra on a grid graph
W = 120
cost = [[(xs[r * W + c] % 9) + 1 for c in range(W)] for r in range(W)]
dist = {(0, 0): cost[0][0]}
pq = [(cost[0][0], 0, 0)]
while pq:
    d, r, c = heapq.heappop(pq)
    if d > dist.get((r, c), 1 << 60):
        continue
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        nr, nc = r + dr, c + dc
        if 0 <= nr < W and 0 <= nc < W:
            nd = d + cost[nr][nc]
            if nd < dist.get((nr, nc), 1 << 60):
                dist[(nr, nc)] = nd
                heapq.heappush(pq, (nd, nr, nc))
print(dist[(W - 1, W - 1)], sum(dist.values()) % 1000000007)
