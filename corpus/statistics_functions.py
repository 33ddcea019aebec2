import statistics as st
from statistics import mean, fmean, geometric_mean, harmonic_mean, median, median_low, median_high, median_grouped, mode, multimode, pvariance, variance, stdev, pstdev, quantiles, covariance, correlation, linear_regression, StatisticsError
data = [2.5, 3.25, 5.5, 11.25, 11.75]
print(mean([1, 2, 3, 4, 4]), mean(data), mean([1, 2]), mean([True, False, True]), mean([0.1, 0.2, 0.3]))
print(mean([1e50, 1, -1e50] * 1000), mean(range(1, 11)), mean(x * 0.1 for x in range(10)))
print(fmean([3.5, 4.0, 5.25]), fmean([85, 92, 83, 91], weights=[0.20, 0.20, 0.30, 0.30]))
print(geometric_mean([54, 24, 36]), harmonic_mean([40, 60]), harmonic_mean([40, 60], weights=[5, 30]))
print(harmonic_mean([2.5, 3, 10]), harmonic_mean([5]), harmonic_mean([1, 0, 3]))
print(median([1, 3, 5]), median([1, 3, 5, 7]), median_low([1, 3, 5, 7]), median_high([1, 3, 5, 7]))
print(median_grouped([52, 52, 53, 54]), median_grouped([1, 3, 3, 5, 7], interval=1), median_grouped([1, 3, 3, 5, 7], interval=2))
print(mode([1, 1, 2, 3, 3, 3, 3, 4]), mode(["red", "blue", "blue", "red", "green", "red", "red"]), multimode('aabbbbccddddeeffffgg'), multimode([]))
print(pvariance([0.0, 0.25, 0.25, 1.25, 1.5, 1.75, 2.75, 3.25]), variance([2.75, 1.75, 1.25, 0.25, 0.5, 1.25, 3.5]))
print(variance([1, 2, 3, 4]), variance([1, 3, 5, 7]), pvariance([1, 2, 3, 4]), stdev([1.5, 2.5, 2.5, 2.75, 3.25, 4.75]), pstdev([1.5, 2.5, 2.5, 2.75, 3.25, 4.75]))
print(stdev([1, 2, 3, 4, 5]), pstdev([2, 4, 4, 4, 5, 5, 7, 9]), variance([1, 2, 3], xbar=2), pvariance([1, 2, 3], mu=2.0))
print(quantiles([105, 129, 87, 86, 111, 111, 89, 81, 108, 92, 110, 100, 75, 105, 103, 109, 76, 119, 99, 91, 103, 129, 106, 101, 84, 111, 74, 87, 86, 103, 103, 106, 86, 111, 75, 87, 102, 121, 111, 88, 89, 101, 106, 95, 103, 107, 101, 81, 109, 104], n=10))
print(quantiles([1, 2, 3, 4, 5], n=4, method='inclusive'), quantiles([1.5, 2, 9], n=3), quantiles(range(10)))
x = [1, 2, 3, 4, 5, 6, 7, 8, 9]
y = [1, 2, 3, 1, 2, 3, 1, 2, 3]
print(covariance(x, y), correlation(x, x), correlation(x, y))
y2 = [9, 8, 7, 6, 5, 4, 3, 2, 1]
print(covariance(x, y2), correlation(x, y2))
lr = linear_regression([1971, 1975, 1979, 1982, 1983], [1, 2, 3, 4, 5])
print(lr, lr.slope, lr.intercept, round(lr.slope * 2019 + lr.intercept))
s, i = linear_regression([1, 2, 3], [2, 4, 6.5], proportional=True)
print(s, i, lr[0], len(lr), lr == (lr.slope, lr.intercept), type(lr).__name__)
print(variance([10**20, 10**20 + 1, 10**20 + 3]), mean([10**30, 1]), stdev([10**20, 10**20+2]))
print(mean([float('inf'), 1]), variance([1.0, float('nan')]))
print(repr(StatisticsError), isinstance(StatisticsError('x'), ValueError))
for f, a in [(mean, []), (variance, [1]), (stdev, [1]), (pvariance, []), (pstdev, []), (median, []), (mode, []), (fmean, []), (geometric_mean, [1, -1]), (geometric_mean, []), (harmonic_mean, []), (harmonic_mean, [-1, 2]), (quantiles, [1]), (median_low, []), (median_high, []), (median_grouped, [])]:
    try:
        print(f(a))
    except StatisticsError as e:
        print('StatisticsError', e)
for thunk in [lambda: mean(['a']), lambda: mean([1, 'a']), lambda: covariance([1], [1, 2]), lambda: correlation([1, 1, 1], [1, 2, 3]), lambda: linear_regression([1, 1], [1, 2]), lambda: quantiles([1, 2], n=0), lambda: quantiles([1, 2], method='x'), lambda: fmean([1, 2], weights=[1]), lambda: fmean([1, 2], weights=[1, -1]), lambda: harmonic_mean([1, 2], weights=[1]), lambda: stdev([1.0, float('inf')]), lambda: median_grouped(['a', 'b'])]:
    try:
        print(thunk())
    except Exception as e:
        print(type(e).__name__, e)
