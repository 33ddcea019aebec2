from statistics import linear_regression, correlation, mean, stdev, fmean, NormalDist

monthly_sales = [112, 118, 132, 129, 121, 135, 148, 148, 136, 119, 104, 118,
                 115, 126, 141, 135, 125, 149, 170, 170, 158, 133, 114, 140]
months = list(range(1, len(monthly_sales) + 1))
slope, intercept = linear_regression(months, monthly_sales)
print("trend: %.4f per month, intercept %.4f, r=%.4f" % (slope, intercept, correlation(months, monthly_sales)))
seasonal = {}
for m, s in zip(months, monthly_sales):
    seasonal.setdefault((m - 1) % 12, []).append(s - (slope * m + intercept))
factors = {k: mean(v) for k, v in seasonal.items()}
print("seasonal:", [round(factors[k], 2) for k in range(12)])
resid = [s - (slope * m + intercept + factors[(m - 1) % 12]) for m, s in zip(months, monthly_sales)]
err = NormalDist.from_samples(resid)
print("residual sd %.4f" % stdev(resid))
for m in range(25, 31):
    point = slope * m + intercept + factors[(m - 1) % 12]
    lo, hi = point + err.inv_cdf(0.1), point + err.inv_cdf(0.9)
    print("month %d: %.1f  (80%% interval %.1f .. %.1f)" % (m, point, lo, hi))
ma3 = [fmean(monthly_sales[i - 3:i]) for i in range(3, len(monthly_sales) + 1)]
print("3-month moving average:", [round(x, 1) for x in ma3[-6:]])
ys = [2 * x + 1 for x in range(10)]
print(linear_regression(range(10), ys), linear_regression(range(1, 6), [2, 4, 6, 8, 10], proportional=True))
print(correlation([1, 2, 3, 4, 5], [5, 4, 3, 2, 1]), correlation([1, 2, 3], [1, 3, 2]))
