import statistics

response_ms = [120, 85, 430, 97, 101, 250, 88, 93, 1200, 110, 105, 99, 140, 87, 91]
for n in (2, 4, 5, 10, 20):
    print(n, "excl", statistics.quantiles(response_ms, n=n))
    print(n, "incl", statistics.quantiles(response_ms, n=n, method="inclusive"))
p = statistics.quantiles(response_ms, n=100)
print("p50 p90 p95 p99:", p[49], p[89], p[94], p[98])
print("p99 incl:", statistics.quantiles(response_ms, n=100, method="inclusive")[98])
print("two points:", statistics.quantiles([1, 2], n=4))
print("two points incl:", statistics.quantiles([1, 2], n=4, method="inclusive"))
print("floats:", statistics.quantiles([0.1, 0.2, 0.3, 0.4, 0.5], n=3))
print("floats incl:", statistics.quantiles([0.1, 0.2, 0.3, 0.4, 0.5], n=3, method="inclusive"))
print("n=1 empty:", statistics.quantiles([3, 1, 2], n=1) if False else "skip")
print("range:", statistics.quantiles(range(1, 101), n=4))
print("dup:", statistics.quantiles([5, 5, 5, 5], n=4))
for data, kwargs in (([1], {}), ([1, 2, 3], {"n": 0}), ([1, 2, 3], {"n": 1}), ([1, 2], {"method": "median"}), ([], {})):
    try:
        print(data, kwargs, statistics.quantiles(data, **kwargs))
    except Exception as e:
        print(data, kwargs, type(e).__name__, e)
sla = 200
within = [r for r in response_ms if r <= sla]
print("within SLA:", len(within), "of", len(response_ms), f"({len(within) / len(response_ms):.1%})")
print("mean vs median:", round(statistics.mean(response_ms), 4), statistics.median(response_ms))
trimmed = sorted(response_ms)[1:-1]
print("trimmed mean:", statistics.mean(trimmed))
print("trimmed fmean:", statistics.fmean(trimmed))
buckets = {}
for r in response_ms:
    buckets.setdefault(r // 100 * 100, []).append(r)
for b in sorted(buckets):
    print(f"{b:5d}-{b + 99}: count={len(buckets[b])} median={statistics.median(buckets[b])}")
print("mode bucket:", statistics.mode([r // 100 for r in response_ms]))
print("mad:", statistics.median([abs(r - statistics.median(response_ms)) for r in response_ms]))
