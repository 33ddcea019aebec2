from statistics import NormalDist
print(NormalDist(0, 0))
NormalDist(0, 0).pdf(1)
