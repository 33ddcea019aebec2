import statistics
statistics.correlation([1, 2, 3], [5, 5, 5])
