import random
import statistics as st

random.seed(2024)
checks = 0
for trial in range(300):
    n = random.randint(1, 12)
    kind = trial % 4
    if kind == 0:
        data = [random.randint(-10**6, 10**6) for _ in range(n)]
    elif kind == 1:
        data = [random.uniform(-1e3, 1e3) for _ in range(n)]
    elif kind == 2:
        data = [random.choice([random.randint(0, 100), random.random() * 10 ** random.randint(-20, 20)]) for _ in range(n)]
    else:
        data = [random.gauss(0, 1) * 10 ** random.randint(-5, 5) for _ in range(n)]
    row = [st.mean(data), st.median(data), st.pvariance(data), st.pstdev(data), st.fmean(data)]
    if n >= 2:
        row += [st.variance(data), st.stdev(data), st.quantiles(data, n=4), st.quantiles(data, n=5, method='inclusive')]
        ys = [random.uniform(-5, 5) for _ in range(n)]
        row += [st.covariance(data, ys)]
        if len(set(data)) > 1:
            row += [st.correlation(data, ys), tuple(st.linear_regression(data, ys))]
    if all(x > 0 for x in data):
        row += [st.geometric_mean(data), st.harmonic_mean(data)]
    print(trial, row)
    checks += len(row)
print("checks:", checks)
