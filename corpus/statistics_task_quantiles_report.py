import statistics as st

latencies_ms = [12, 15, 11, 13, 250, 14, 16, 12, 13, 15, 18, 11, 12, 95, 14, 13, 12, 17, 16, 15,
                13, 12, 14, 400, 13, 15, 16, 12, 11, 14]
print("n =", len(latencies_ms))
for method in ("exclusive", "inclusive"):
    q = st.quantiles(latencies_ms, n=4, method=method)
    d = st.quantiles(latencies_ms, n=10, method=method)
    p = st.quantiles(latencies_ms, n=100, method=method)
    print(method, "quartiles", q)
    print(method, "deciles", d)
    print(method, "p50 p90 p95 p99", p[49], p[89], p[94], p[98])
q1, q2, q3 = st.quantiles(latencies_ms, n=4)
iqr = q3 - q1
lo, hi = q1 - 1.5 * iqr, q3 + 1.5 * iqr
outliers = sorted(x for x in latencies_ms if x < lo or x > hi)
print("IQR", iqr, "fences", lo, hi, "outliers", outliers)
clean = [x for x in latencies_ms if lo <= x <= hi]
print("mean %.3f -> %.3f, median %s -> %s, stdev %.3f -> %.3f" % (
    st.mean(latencies_ms), st.mean(clean), st.median(latencies_ms), st.median(clean),
    st.stdev(latencies_ms), st.stdev(clean)))
print("small sets:")
for data in ([1, 2], [5, 1, 3], [1.5, 2.5, 10.0], [7, 7, 7, 7], [-3, 0, 3, 100]):
    print(" ", data, st.quantiles(data), st.quantiles(data, n=3, method="inclusive"), st.quantiles(data, n=2))
print(st.quantiles(range(1, 11), n=5), st.quantiles(range(1, 11), n=5, method="inclusive"))
print(st.quantiles([0.1, 0.2, 0.3], n=6), st.quantiles([10**20, 10**20 + 3], n=4))
buckets = st.quantiles(latencies_ms, n=5)
labels = ["fast", "ok", "medium", "slow", "very slow"]
def bucket(x):
    for b, lab in zip(buckets, labels):
        if x <= b:
            return lab
    return labels[-1]
counts = {}
for x in latencies_ms:
    counts[bucket(x)] = counts.get(bucket(x), 0) + 1
print(buckets, counts)
