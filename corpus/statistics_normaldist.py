import random
from statistics import NormalDist, StatisticsError
nd = NormalDist(100, 15)
print(nd, nd.mean, nd.median, nd.mode, nd.stdev, nd.variance)
print(nd.pdf(100), nd.cdf(130), nd.inv_cdf(0.975), nd.zscore(130), nd.quantiles(), nd.quantiles(n=10))
print(nd.cdf(115) - nd.cdf(85), round(nd.inv_cdf(0.5), 6))
a, b = NormalDist(2.4, 1.6), NormalDist(3.2, 2.0)
print(a.overlap(b), b.overlap(a), a.overlap(NormalDist(2.4, 1.6)), NormalDist(0, 1).overlap(NormalDist(5, 1)))
print(a + b, a - b, a * 2, 2 * a, a / 2, a + 1, 1 + a, 10 - a, a - 10, -a, +a)
print(a == NormalDist(2.4, 1.6), a != b, a == 3, hash(a) == hash(NormalDist(2.4, 1.6)))
s = NormalDist.from_samples([2.5, 3.1, 2.1, 2.4, 2.7, 3.5])
print(s, s.mean, s.stdev)
print(NormalDist(5, 2).samples(4, seed=42))
print(NormalDist().samples(3, seed='abc'), NormalDist().samples(2, seed=1.5))
random.seed(7)
print(NormalDist(10, 3).samples(3))
print(random.random())
random.seed(7)
r1 = random.random()
x = NormalDist().samples(2, seed=3)
print(random.random() != r1)
print(NormalDist(), NormalDist(mu=1, sigma=2), NormalDist(3), NormalDist._mu if False else NormalDist(1.5)._mu)
print(isinstance(nd, NormalDist), type(nd), NormalDist)
d = {NormalDist(1, 2): 'x'}
print(d[NormalDist(1, 2)])
for t in [lambda: NormalDist(0, -1), lambda: NormalDist(1, 0).pdf(1), lambda: NormalDist(1, 0).cdf(1), lambda: nd.inv_cdf(0), lambda: nd.inv_cdf(1.5), lambda: NormalDist(1, 0).inv_cdf(0.5), lambda: nd.overlap(3), lambda: NormalDist(1, 0).zscore(1), lambda: NormalDist.from_samples([1]), lambda: nd + 'a', lambda: 'a' - nd, lambda: nd < nd, lambda: nd.samples(2.5), lambda: NormalDist(1, 0).overlap(nd)]:
    try:
        print(t())
    except Exception as e:
        print(type(e).__name__, e)
temps = [20.1, 22.4, 19.8, 21.5, 23.0, 20.9]
model = NormalDist.from_samples(temps)
print(f"mean={model.mean:.3f} sd={model.stdev:.3f} p(>23)={1 - model.cdf(23):.4f}")
