from statistics import variance, pvariance
print(pvariance([5]))
print(variance([5]))
