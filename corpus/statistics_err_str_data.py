import statistics
data = "1 2 3".split()
print(data)
statistics.mean(data)
