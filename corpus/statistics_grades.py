import statistics

grades = {
    "alice": [88, 92, 79, 93, 85],
    "bob": [72, 65, 80, 70, 68],
    "carol": [95, 98, 100, 97, 99],
    "dave": [60, 75, 70, 65, 80],
    "erin": [85, 85, 90, 80, 85],
}

print(f"{'student':<8}{'mean':>8}{'median':>8}{'stdev':>8}{'min':>5}{'max':>5}")
for name, scores in grades.items():
    print(f"{name:<8}{statistics.mean(scores):>8.2f}{statistics.median(scores):>8}"
          f"{statistics.stdev(scores):>8.3f}{min(scores):>5}{max(scores):>5}")

all_scores = [s for scores in grades.values() for s in scores]
print("class mean:", statistics.mean(all_scores))
print("class median:", statistics.median(all_scores))
print("class mode:", statistics.mode(all_scores))
print("multimode:", statistics.multimode(all_scores))
print("pstdev:", statistics.pstdev(all_scores))
print("variance:", statistics.variance(all_scores))
print("quartiles:", statistics.quantiles(all_scores, n=4))
print("deciles:", statistics.quantiles(all_scores, n=10, method='inclusive'))

averages = {name: statistics.mean(s) for name, s in grades.items()}
mu = statistics.mean(averages.values())
sd = statistics.stdev(averages.values())
for name, avg in sorted(averages.items(), key=lambda kv: -kv[1]):
    z = (avg - mu) / sd
    letter = 'A' if avg >= 90 else 'B' if avg >= 80 else 'C' if avg >= 70 else 'D'
    print(f"{name:<6} {avg:6.1f} z={z:+.3f} {letter}")

weights = [0.1, 0.2, 0.2, 0.2, 0.3]
for name, scores in grades.items():
    print(name, round(statistics.fmean(scores, weights), 3))
