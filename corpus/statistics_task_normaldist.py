import statistics
from statistics import NormalDist

heights = NormalDist(mu=170, sigma=8)
print(heights)
print(repr(heights))
print("mean/median/mode:", heights.mean, heights.median, heights.mode)
print("stdev/variance:", heights.stdev, heights.variance)
print("P(h < 180):", round(heights.cdf(180), 12))
print("P(160 < h < 180):", round(heights.cdf(180) - heights.cdf(160), 12))
print("pdf(170):", round(heights.pdf(170), 12))
print("90th pct:", round(heights.inv_cdf(0.9), 9))
print("quartiles:", [round(q, 9) for q in heights.quantiles()])
print("deciles:", [round(q, 6) for q in heights.quantiles(10)])
print("zscore(186):", heights.zscore(186))
women = NormalDist(162, 7)
print("overlap:", round(heights.overlap(women), 12))
print("overlap self:", heights.overlap(heights))
print("+5:", heights + 5)
print("-5:", heights - 5)
print("*2:", heights * 2)
print("/2:", heights / 2)
print("5+:", 5 + heights)
print("neg:", -heights)
print("sum of dists:", heights + women)
print("diff of dists:", heights - women)
print("eq:", NormalDist(1, 2) == NormalDist(1.0, 2.0), NormalDist(1, 2) == NormalDist(1, 3))
print("std normal:", NormalDist())
fitted = NormalDist.from_samples([2.5, 3.1, 2.1, 2.4, 2.7, 3.5])
print("from_samples:", round(fitted.mean, 10), round(fitted.stdev, 10))
s = NormalDist(100, 15).samples(5, seed=42)
print("samples:", [round(x, 9) for x in s])
print("samples again equal:", s == NormalDist(100, 15).samples(5, seed=42))
print("samples len:", len(NormalDist().samples(3, seed=1)))
iq = NormalDist(100, 15)
print("IQ > 130 share:", round(1 - iq.cdf(130), 12))
print("hash equal:", hash(NormalDist(1, 2)) == hash(NormalDist(1, 2)))
for label, fn in [
    ("neg sigma", lambda: NormalDist(0, -1)),
    ("inv_cdf 0", lambda: iq.inv_cdf(0)),
    ("inv_cdf 1", lambda: iq.inv_cdf(1.0)),
    ("zero sigma cdf", lambda: NormalDist(5, 0).cdf(5)),
    ("zero sigma pdf", lambda: NormalDist(5, 0).pdf(5)),
    ("zero sigma zscore", lambda: NormalDist(5, 0).zscore(5)),
    ("overlap type", lambda: iq.overlap(3)),
    ("overlap zero", lambda: NormalDist(0, 0).overlap(NormalDist(0, 1))),
    ("from one", lambda: NormalDist.from_samples([1])),
]:
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)
