import statistics
print(statistics.mean([1]))
statistics.mean([])
