import statistics
import random

rng = random.Random(2024)
readings = {f"sensor{i}": [round(rng.gauss(20 + i, 1.5), 2) for _ in range(12)] for i in range(4)}
for name, vals in readings.items():
    print(name, vals[:4])
    print("  mean:", round(statistics.mean(vals), 6), "fmean:", round(statistics.fmean(vals), 6))
    print("  median:", statistics.median(vals))
    print("  stdev:", round(statistics.stdev(vals), 6), "pvariance:", round(statistics.pvariance(vals), 6))
    print("  quantiles:", [round(q, 4) for q in statistics.quantiles(vals, n=4)])
    print("  quantiles incl:", [round(q, 4) for q in statistics.quantiles(vals, n=4, method="inclusive")])

all_vals = [v for vals in readings.values() for v in vals]
nd = statistics.NormalDist.from_samples(all_vals)
print("fitted:", round(nd.mean, 6), round(nd.stdev, 6))
threshold = nd.inv_cdf(0.95)
print("95% threshold:", round(threshold, 6))
alerts = [(k, v) for k, vals in readings.items() for v in vals if v > threshold]
print("alerts:", alerts)
s0, s1 = readings["sensor0"], readings["sensor1"]
print("cov:", round(statistics.covariance(s0, s1), 9))
print("corr:", round(statistics.correlation(s0, s1), 9))
lr = statistics.linear_regression(s0, s1)
print("lr:", round(lr.slope, 9), round(lr.intercept, 9))
means = {k: statistics.mean(v) for k, v in readings.items()}
print("warmest:", max(means, key=means.get))
print("spread ranking:", sorted(readings, key=lambda k: statistics.pstdev(readings[k])))
rounded = [round(v) for v in all_vals]
print("mode rounded:", statistics.mode(rounded))
print("multimode rounded:", statistics.multimode(rounded))
print("median_grouped rounded:", statistics.median_grouped(rounded))
window = 3
smoothed = [round(statistics.fmean(s0[i:i + window]), 4) for i in range(len(s0) - window + 1)]
print("moving avg:", smoothed)
print("harmonic:", round(statistics.harmonic_mean(all_vals), 9))
print("geometric:", round(statistics.geometric_mean(all_vals), 9))
