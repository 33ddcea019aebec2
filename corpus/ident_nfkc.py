ｘ = 5
print(x, ｐｒｉｎｔ)
naïve = 1
print(naïve)
