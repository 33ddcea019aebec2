import statistics as st

# exact fraction arithmetic: results must match CPython bit for bit
print(st.mean([0.1] * 10), st.mean([0.1, 0.2, 0.3, 0.4]), st.mean([1, 2, 3, 4.5]))
print(st.mean([1e16, 1, 1, 1]), st.mean([1e308, 1e308]), st.mean([5e-324, 5e-324, 0.0]))
print(st.mean([3, 4]), st.mean([3, 5]), type(st.mean([3, 5])).__name__, type(st.mean([3, 4])).__name__)
print(st.mean([10**40, 3]), st.mean([-1, -2, -4]), st.mean([True, True]))
print(st.variance([0.1, 0.2, 0.3]), st.pvariance([0.1, 0.2, 0.3]), st.stdev([0.1, 0.2, 0.3]))
print(st.variance([1, 2, 4]), type(st.variance([1, 2, 4])).__name__, st.variance([1, 3]), type(st.variance([1, 3])).__name__)
print(st.pvariance([1, 2, 3, 4, 5, 6]), st.pstdev([1, 2, 3, 4, 5, 6]), st.pstdev([7, 7, 7]))
print(st.stdev([1.1, 2.2, 3.3, 4.4]), st.stdev([10**15 + 0.5, 10**15 + 1.5, 10**15 + 2.5]))
print(st.variance([1.5, 2, 2.5], xbar=2), st.variance([1, 2, 3], xbar=2.5), st.pvariance([1, 2, 3], 2))
print(st.stdev(range(100)), st.pstdev(x / 7 for x in range(50)))
print(st.mean(x / 3 for x in range(1, 20)), st.fmean(x / 3 for x in range(1, 20)))
vals = [12.5, 7.25, 3.125, 99.0, 0.001, 1e-9, 123456.789]
print(st.mean(vals), st.variance(vals), st.stdev(vals), st.pvariance(vals), st.pstdev(vals))
print(st.median([1, 2, 3, 4]), st.median([1.5, 2]), st.median([3, 1, 2]), st.median_grouped([1, 2, 2, 3, 4, 4, 4, 4, 4, 5]))
print(st.mean([float('inf'), float('-inf')]), st.pvariance([1, float('inf')]), st.mean([float('nan')]))
print(st.harmonic_mean([1, 2, 4]), st.harmonic_mean([0.5, 0.25], weights=[1, 3]), st.harmonic_mean([3, 0]))
print(st.geometric_mean([1, 2, 4, 8]), st.geometric_mean([0.5, 2.0]), st.fmean([1, 2, 3], weights=[3, 2, 1]))
