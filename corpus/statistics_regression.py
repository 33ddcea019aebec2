from statistics import linear_regression, correlation, covariance, mean

hours = [1, 2, 3, 4, 5, 6, 7, 8]
scores = [52, 55, 61, 64, 70, 74, 79, 85]
fit = linear_regression(hours, scores)
print(fit)
print(fit.slope, fit.intercept, fit[0], fit[1], tuple(fit), list(fit))
slope, intercept = fit
for h in (0, 9, 10):
    print(h, round(slope * h + intercept, 2))
print("r =", correlation(hours, scores))
print("cov =", covariance(hours, scores))
resid = [y - (slope * x + intercept) for x, y in zip(hours, scores)]
print("residual mean ~ 0:", abs(mean(resid)) < 1e-9)
prop = linear_regression(hours, scores, proportional=True)
print(prop, prop == (prop.slope, 0.0), prop._asdict())
print(linear_regression([1.5, 2.5, 3.5], [10, 20, 35]))
print(correlation([1, 2, 3, 4], [2, 4, 6, 8]), correlation([1, 2, 3, 4], [8, 6, 4, 2]))
print(covariance([1, 2, 3], [1.5, 2.5, 2.0]))
print(fit == fit, fit != prop, hash(fit) == hash(tuple(fit)), len(fit), 85 in (fit.slope, 85))
