import statistics
from statistics import StatisticsError

def safe(fn, *args, **kw):
    try:
        return fn(*args, **kw)
    except StatisticsError as e:
        return f"StatisticsError({e})"
    except (TypeError, ValueError) as e:
        return f"{type(e).__name__}({e})"

print(safe(statistics.mean, []))
print(safe(statistics.stdev, [3]))
print(safe(statistics.harmonic_mean, [1, -2]))
print(safe(statistics.geometric_mean, [0, 1]))
print(safe(statistics.median, []))
print(safe(statistics.linear_regression, [1, 2], [3]))
print(safe(statistics.linear_regression, [1], [3]))
print(safe(statistics.covariance, [1], [2]))
print(safe(statistics.correlation, [1, 2], [3]))
print(safe(statistics.quantiles, [1, 2, 3], n=0))
print(safe(statistics.fmean, [1, 2], weights=[0, 0]))
print(safe(statistics.NormalDist, 0, -1))
print(safe(statistics.NormalDist().inv_cdf, 0))
print(safe(statistics.mean, [1, "2"]))
print(safe(statistics.mean, 42))
print(issubclass(StatisticsError, ValueError), StatisticsError.__name__, repr(StatisticsError("x")))
try:
    statistics.variance([])
except ValueError as e:
    print("caught as ValueError:", e, type(e))
