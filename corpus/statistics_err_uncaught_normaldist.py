from statistics import NormalDist

d = NormalDist(10, 2)
print(d.cdf(12), d.inv_cdf(0.25))
ps = [0.5, 0.9, 1.0]
for p in ps:
    print(p, d.inv_cdf(p))
