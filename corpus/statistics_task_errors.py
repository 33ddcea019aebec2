import statistics
from statistics import StatisticsError

print(issubclass(StatisticsError, ValueError))
checks = [
    ("mean []", lambda: statistics.mean([])),
    ("fmean []", lambda: statistics.fmean([])),
    ("median []", lambda: statistics.median([])),
    ("mode []", lambda: statistics.mode([])),
    ("variance [1]", lambda: statistics.variance([1])),
    ("stdev [1.5]", lambda: statistics.stdev([1.5])),
    ("pvariance []", lambda: statistics.pvariance([])),
    ("pstdev []", lambda: statistics.pstdev([])),
    ("quantiles n=0", lambda: statistics.quantiles([1, 2, 3], n=0)),
    ("quantiles one", lambda: statistics.quantiles([1], n=4)),
    ("quantiles method", lambda: statistics.quantiles([1, 2, 3], method="weird")),
    ("geometric []", lambda: statistics.geometric_mean([])),
    ("harmonic []", lambda: statistics.harmonic_mean([])),
    ("harmonic neg", lambda: statistics.harmonic_mean([1, -2])),
    ("mean str", lambda: statistics.mean(["a", "b"])),
    ("mean mixed", lambda: statistics.mean([1, "2"])),
    ("NormalDist sigma", lambda: statistics.NormalDist(0, -2)),
    ("inv_cdf 2", lambda: statistics.NormalDist().inv_cdf(2)),
]
for label, fn in checks:
    try:
        result = fn()
        print(label, "->", result)
    except StatisticsError as e:
        print(label, "StatisticsError:", type(e).__name__, e)
    except Exception as e:
        print(label, "other:", type(e).__name__, e)

def safe_mean(values, default=None):
    try:
        return statistics.mean(values)
    except StatisticsError:
        return default

print(safe_mean([]), safe_mean([], 0), safe_mean([1, 2]))

def summarize(values):
    out = {"n": len(values)}
    for name in ("mean", "median", "stdev"):
        try:
            out[name] = getattr(statistics, name)(values)  # safepy: ignore[SP305]
        except StatisticsError as e:
            out[name] = f"n/a ({e})"
    return out

for vals in ([], [5], [1, 2, 3, 4]):
    print(summarize(vals))
try:
    raise StatisticsError("custom problem")
except ValueError as e:
    print(type(e).__name__, e, e.args)
