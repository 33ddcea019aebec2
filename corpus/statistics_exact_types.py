import statistics as st
import math

datasets = [
    [1, 2, 3, 4],
    [1, 2, 3, 4, 5],
    [True, False, True, True],
    [1, 2.5, 3],
    [0.1, 0.2, 0.3, 0.4],
    [1e16, 1, -1e16, 3],
    [10**20, 10**20 + 1, 10**20 + 2],
    [2**70 + 1, 3, -2**70],
    [-0.0, 0.0],
    [1.5, 1.5, 1.5],
    [0.1] * 10,
    [1, 10**18, 7],
    [float("inf"), 1, 2],
    [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5],
]
for data in datasets:
    row = []
    for fn in (st.mean, st.fmean, st.median, st.median_low, st.median_high, st.pvariance, st.variance, st.pstdev, st.stdev):
        try:
            r = fn(data)
            row.append("%s=%r" % (fn.__name__, r))
        except Exception as e:
            row.append("%s:%s" % (fn.__name__, type(e).__name__))
    print(data[:4], "\n   ", " ".join(row))

print(st.mean([1, 3]), type(st.mean([1, 3])).__name__, st.mean([1, 2]), type(st.mean([1, 2])).__name__)
print(st.variance([1, 2, 3, 4], xbar=2.5), st.pvariance([1, 2, 3, 4], mu=2), st.stdev([2, 4, 4, 4, 5, 5, 7, 9]))
print(st.pstdev([2, 4, 4, 4, 5, 5, 7, 9]), st.pstdev([1.5, 2.5, 2.5, 2.75, 3.25, 4.75]))
print(st.variance([0.1, 0.2, 0.3]), st.variance([1e9 + 0.1, 1e9 + 0.2, 1e9 + 0.3]))
print(st.geometric_mean([54, 24, 36]), st.geometric_mean([1.5, 2.5]), st.harmonic_mean([40, 60]), st.harmonic_mean([2, 2, 2]))
print(st.harmonic_mean([40, 60], weights=[5, 30]), st.harmonic_mean([1, 0.5]), st.harmonic_mean([5]), st.harmonic_mean([0, 0]))
print(st.fmean([1, 2, 3], weights=[0.25, 0.25, 0.5]), st.fmean(range(1, 101)), st.fmean(x / 10 for x in range(11)))
print(st.mean(range(10**6, 10**6 + 7)), st.median(range(0, 1000, 7)), st.median(iter([5, 3, 1])))
print(st.mean({1: "a", 5: "b"}), st.mode("abracadabra"), st.multimode("aabbbccc"), st.multimode([1.0, 1, True]))
print(st.mode([(1, 2), (1, 2), (3,)]), st.mode([1, 1.0, 2, 2]), st.median_high(["b", "a", "c", "d"]))
m = st.mean([1, 2, 3, 4, 4])
print(m, math.isclose(m, 2.8), repr(st.pvariance([1, 2, 3, 4, 4])), repr(st.variance([1.0, 2, 3, 4, 4])))
print(st.mean([math.nan, 1]), st.median([math.nan, 1, 2]), st.variance([math.inf, 1, 2]))
