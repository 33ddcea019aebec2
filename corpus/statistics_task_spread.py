import statistics

datasets = {
    "ints": [2, 4, 4, 4, 5, 5, 7, 9],
    "floats": [2.75, 1.75, 1.25, 0.25, 0.5, 1.25, 3.5],
    "neg": [-5, -3, -1, 0, 1, 3, 5],
    "big": [10**12 + i for i in range(6)],
    "mixed": [1, 2.5, 3, 4.25, 5],
    "bools": [True, False, True, True],
}
for name, data in datasets.items():
    print("==", name)
    for fn in ("mean", "median", "stdev", "pstdev", "variance", "pvariance"):
        try:
            v = getattr(statistics, fn)(data)  # safepy: ignore[SP305]
            print(f"  {fn}: {v!r} ({type(v).__name__})")
        except Exception as e:
            print(f"  {fn}:", type(e).__name__, e)

data = [2, 4, 4, 4, 5, 5, 7, 9]
m = statistics.mean(data)
print("variance with xbar:", statistics.variance(data, xbar=m))
print("pvariance with mu:", statistics.pvariance(data, mu=m))
print("stdev with xbar:", statistics.stdev(data, m))
print("pstdev with mu:", statistics.pstdev(data, 5))
print("iterators:", statistics.mean(iter(data)), statistics.variance(iter(data)))
print("generator:", statistics.median(x * 2 for x in data))
print("range:", statistics.pstdev(range(10)))
print("tuple:", statistics.stdev((1.5, 2.5, 3.5)))
cv = statistics.stdev(data) / statistics.mean(data)
print("coefficient of variation:", round(cv, 10))
print("sem:", statistics.stdev(data) / len(data) ** 0.5)
