import statistics

samples = {"a": [3.5, 4.0, 4.5], "b": [7.25]}
for name, xs in samples.items():
    print(name, statistics.mean(xs), statistics.variance(xs))
