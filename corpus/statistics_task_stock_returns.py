import statistics as st
import math

prices = {
    "AAA": [100.0, 101.5, 99.8, 102.3, 104.0, 103.1, 105.6, 107.2, 106.0, 108.4],
    "BBB": [50.0, 49.0, 51.2, 50.5, 52.8, 53.0, 51.9, 54.4, 55.1, 54.0],
    "CCC": [20.0, 20.0, 20.5, 19.8, 19.0, 18.7, 19.3, 18.9, 18.2, 18.0],
}

def returns(p):
    return [b / a - 1 for a, b in zip(p, p[1:])]

rets = {k: returns(v) for k, v in prices.items()}
for name, r in rets.items():
    growth = st.geometric_mean([1 + x for x in r]) - 1
    vol = st.stdev(r)
    print("%s mean %.5f geo %.5f vol %.5f sharpe %.3f median %.5f worst %.4f best %.4f" % (
        name, st.mean(r), growth, vol, st.mean(r) / vol * math.sqrt(252), st.median(r), min(r), max(r)))
names = sorted(rets)
for i, a in enumerate(names):
    for b in names[i + 1:]:
        print(a, b, "corr %.4f cov %.3e" % (st.correlation(rets[a], rets[b]), st.covariance(rets[a], rets[b])))
market = [st.fmean(day) for day in zip(*rets.values())]
for name in names:
    slope, intercept = st.linear_regression(market, rets[name])
    print(name, "beta %.4f alpha %.6f" % (slope, intercept))
weights = [0.5, 0.3, 0.2]
port = [st.fmean(day, weights) for day in zip(*(rets[n] for n in names))]
print("portfolio mean %.5f vol %.5f" % (st.mean(port), st.stdev(port)))
dist = st.NormalDist.from_samples(port)
print("VaR 95%% (normal) %.4f, P(loss) %.3f" % (-dist.inv_cdf(0.05), dist.cdf(0)))
print("historical 5th pct %.4f" % st.quantiles(port, n=20)[0])
lr = st.linear_regression(range(len(prices["AAA"])), prices["AAA"])
print(lr, "next: %.2f" % (lr.slope * 10 + lr.intercept))
print(st.linear_regression([1, 2, 3, 4], [2, 4, 6, 8.5], proportional=True))
