# bisect on 10^5 items: results checked by checksums
import bisect

N = 100000
x = 2024
xs = []
for i in range(N):
    x = (x * 6364136223846793005 + 1442695040888963407) % (1 << 64)
    xs.append(x >> 44)
s = sorted(xs)
acc = 0
for i in range(0, N, 3):
    acc = (acc * 31 + bisect.bisect_left(s, xs[i]) + 7 * bisect.bisect_right(s, xs[i] + 1)) % 1000000007
print(acc)
print(bisect.bisect(s, -1), bisect.bisect(s, 1 << 30), bisect.bisect_left(s, s[N // 2]))

ins = []
for v in xs[:20000]:
    bisect.insort(ins, v)
print(ins == sorted(xs[:20000]), ins[:3], ins[-3:])
ins2 = []
for v in xs[:20000]:
    bisect.insort_left(ins2, v)
print(ins2 == ins)

fs = [v / 3 for v in s]
print(sum(bisect.bisect_left(fs, v / 3.5) for v in xs[:30000]) % 1000000007)
ss = sorted(str(v) for v in xs[:30000])
print(sum(bisect.bisect_right(ss, str(v)[:3]) for v in xs[:30000]) % 1000000007)
pairs = sorted((v % 1000, v) for v in xs[:30000])
print(sum(bisect.bisect_left(pairs, (v % 1000, v)) for v in xs[:30000:7]) % 1000000007)
kk = sorted(xs[:30000], key=lambda v: v % 9973)
print(sum(bisect.bisect_left(kk, v % 9973, key=lambda w: w % 9973) for v in xs[:3000]))

# longest increasing subsequence, patience sorting
tails = []
for v in xs:
    i = bisect.bisect_left(tails, v)
    if i == len(tails):
        tails.append(v)
    else:
        tails[i] = v
print(len(tails))
