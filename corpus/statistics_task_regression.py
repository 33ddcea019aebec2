import statistics

ad_spend = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
revenue = [3.1, 4.9, 7.2, 8.8, 11.1, 13.0]
print("covariance:", statistics.covariance(ad_spend, revenue))
print("correlation:", statistics.correlation(ad_spend, revenue))
fit = statistics.linear_regression(ad_spend, revenue)
print("fit:", fit)
print("slope:", round(fit.slope, 10), "intercept:", round(fit.intercept, 10))
print("fields:", fit._fields, type(fit).__name__)
slope, intercept = fit
for x in (7, 8, 10):
    print(f"predict {x}: {slope * x + intercept:.4f}")
prop = statistics.linear_regression(ad_spend, revenue, proportional=True)
print("proportional:", prop)
print("int fit:", statistics.linear_regression([1, 2, 3, 4], [2, 4, 6, 8]))
print("int prop:", statistics.linear_regression([1, 2, 3], [3, 6, 9], proportional=True))
print("int cov:", statistics.covariance([1, 2, 3, 4, 5], [5, 4, 3, 2, 1]))
print("int corr:", statistics.correlation([1, 2, 3, 4, 5], [5, 4, 3, 2, 1]))
print("corr ints pos:", statistics.correlation([1, 2, 3, 4], [1, 3, 2, 4]))
x = list(range(1, 11))
y = [v * v for v in x]
print("quadratic corr:", statistics.correlation(x, y))
residuals = [yi - (fit.slope * xi + fit.intercept) for xi, yi in zip(ad_spend, revenue)]
print("residual sum:", round(sum(residuals), 10))
print("residual stdev:", round(statistics.stdev(residuals), 10))
errors = [
    ("cov len", lambda: statistics.covariance([1, 2, 3], [1, 2])),
    ("cov short", lambda: statistics.covariance([1], [1])),
    ("corr const", lambda: statistics.correlation([1, 1, 1], [1, 2, 3])),
    ("corr len", lambda: statistics.correlation([1, 2], [1, 2, 3])),
    ("corr short", lambda: statistics.correlation([1], [2])),
    ("lr const", lambda: statistics.linear_regression([2, 2, 2], [1, 2, 3])),
    ("lr len", lambda: statistics.linear_regression([1, 2, 3], [1, 2])),
    ("lr short", lambda: statistics.linear_regression([1], [1])),
]
for label, fn in errors:
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)
