import statistics as st

ages = [23, 25, 31, 35, 35, 38, 41, 42, 42, 42, 47, 51, 55, 58, 62, 64, 67, 71, 73, 88]
width = 10
bins = {}
for a in ages:
    lo = a // width * width
    bins[lo] = bins.get(lo, 0) + 1
for lo in sorted(bins):
    print("%2d-%2d %-8s %d" % (lo, lo + width - 1, "*" * bins[lo], bins[lo]))
mids = [a // width * width + width / 2 for a in ages]
print("median", st.median(ages), "grouped", st.median_grouped(mids, interval=width), st.median_grouped(ages))
print("mode", st.mode(ages), "modal class", st.mode(mids), "multimode", st.multimode(mids))
print(st.median_grouped([52, 52, 53, 54]), st.median_grouped([1, 3, 3, 5, 7], interval=1),
      st.median_grouped([1, 3, 3, 5, 7], interval=2), st.median_grouped([2.5]), st.median_grouped([1, 2, 3, 4], 0.5))
print(st.median_grouped([10, 20, 20, 30, 30, 30, 40]), st.median_grouped(range(10), interval=3))
counts = {"1-star": 4, "2-star": 9, "3-star": 30, "4-star": 44, "5-star": 61}
expanded = [int(k[0]) for k, v in counts.items() for _ in range(v)]
print(len(expanded), st.mean(expanded), st.median(expanded), st.median_grouped(expanded),
      round(st.stdev(expanded), 6), st.mode(expanded), st.quantiles(expanded, n=4))
weights = list(counts.values())
print(st.fmean([1, 2, 3, 4, 5], weights), st.harmonic_mean([1, 2, 3, 4, 5], weights))
scores = [55, 61, 61, 70, 70, 70, 72, 80, 80, 91, 99]
cum = 0
for s in sorted(set(scores)):
    cum += scores.count(s)
    print(s, "pct rank %.1f" % (100 * cum / len(scores)))
