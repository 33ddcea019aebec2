from statistics import NormalDist
NormalDist(10, 2).inv_cdf(1.0)
