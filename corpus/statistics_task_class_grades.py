import statistics

grades = {
    "alice": [88, 92, 79, 95],
    "bob": [72, 65, 80, 70],
    "carol": [90, 90, 85, 99],
    "dave": [55, 62, 58, 70],
    "erin": [100, 97, 94, 98],
}

def letter(avg):
    if avg >= 90:
        return "A"
    if avg >= 80:
        return "B"
    if avg >= 70:
        return "C"
    if avg >= 60:
        return "D"
    return "F"

all_scores = []
for name, scores in grades.items():
    avg = statistics.mean(scores)
    all_scores.extend(scores)
    print(f"{name:6} mean={avg:6.2f} median={statistics.median(scores)} "
          f"stdev={statistics.stdev(scores):.3f} grade={letter(avg)}")

print("class mean:", statistics.mean(all_scores))
print("class median:", statistics.median(all_scores))
print("median_low:", statistics.median_low(all_scores))
print("median_high:", statistics.median_high(all_scores))
print("class pstdev:", round(statistics.pstdev(all_scores), 6))
print("class variance:", statistics.variance(all_scores))
print("class pvariance:", statistics.pvariance(all_scores))
print("mode:", statistics.mode(all_scores))
print("multimode:", statistics.multimode(all_scores))
q = statistics.quantiles(all_scores, n=4)
print("quartiles exclusive:", q)
print("quartiles inclusive:", statistics.quantiles(all_scores, n=4, method="inclusive"))
print("deciles:", [round(x, 2) for x in statistics.quantiles(all_scores, n=10)])
iqr = q[2] - q[0]
print("IQR:", iqr)
low, high = q[0] - 1.5 * iqr, q[2] + 1.5 * iqr
print("outliers:", [s for s in all_scores if s < low or s > high])
mu = statistics.mean(all_scores)
sd = statistics.stdev(all_scores)
for name, scores in sorted(grades.items()):
    z = (statistics.mean(scores) - mu) / sd
    print(name, "z=", round(z, 4))
ranked = sorted(grades, key=lambda n: statistics.mean(grades[n]), reverse=True)
print("ranking:", ranked)
print("top mean:", statistics.mean(grades[ranked[0]]), type(statistics.mean(grades[ranked[0]])).__name__)
print("fmean:", statistics.fmean(all_scores))
