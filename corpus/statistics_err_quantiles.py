import statistics
print(statistics.quantiles([1, 2], n=1))
statistics.quantiles([1, 2, 3], n=4, method='median')
