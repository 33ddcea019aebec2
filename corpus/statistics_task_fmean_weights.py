import statistics

scores = [85, 92, 78]
weights = [0.2, 0.5, 0.3]
print("weighted grade:", statistics.fmean(scores, weights))
print("weighted grade kw:", statistics.fmean(scores, weights=weights))
print("int weights:", statistics.fmean([1, 2, 3, 4], [4, 3, 2, 1]))
print("unweighted:", statistics.fmean([1, 2, 3, 4]))
print("from generator:", statistics.fmean(x / 2 for x in range(11)))
print("single:", statistics.fmean([42]))

cases = [
    ([1, 2, 3], [1, 1]),
    ([], None),
    ([], []),
    ([1, 2], [0, 0]),
]
for data, w in cases:
    try:
        if w is None:
            print(statistics.fmean(data))
        else:
            print(statistics.fmean(data, w))
    except Exception as e:
        print(type(e).__name__, e)

print("geometric:", statistics.geometric_mean([54, 24, 36]))
print("geometric floats:", statistics.geometric_mean([0.5, 2.0, 8.0]))
for bad in ([], [0, 1], [-1, 2]):
    try:
        print(statistics.geometric_mean(bad))
    except Exception as e:
        print("geometric_mean", bad, type(e).__name__, e)

print("harmonic:", statistics.harmonic_mean([2.5, 3, 10]))
print("harmonic with zero:", statistics.harmonic_mean([1, 0, 3]))
print("harmonic one:", statistics.harmonic_mean([7]))
for bad, w in (([], None), ([-1, 2], None), ([1, 2], [1]), ([1, 2], [0, 0])):
    try:
        if w is None:
            print(statistics.harmonic_mean(bad))
        else:
            print(statistics.harmonic_mean(bad, weights=w))
    except Exception as e:
        print("harmonic_mean", bad, w, type(e).__name__, e)
portfolio = {"stocks": (0.07, 5000), "bonds": (0.03, 3000), "cash": (0.01, 2000)}
rates = [r for r, _ in portfolio.values()]
amounts = [a for _, a in portfolio.values()]
print("portfolio return:", round(statistics.fmean(rates, amounts), 6))
