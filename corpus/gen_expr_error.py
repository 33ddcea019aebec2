def f(v):
    return 10 // v
data = [1, 2, 0]
total = sum(f(x)
            for x in data)
print(total)
