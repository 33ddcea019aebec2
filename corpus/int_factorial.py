def fact(n):
    r = 1
    i = 2
    while i <= n:
        r = r * i
        i = i + 1
    return r

n = 0
while n <= 30:
    print(n, fact(n))
    n = n + 1
print(fact(50))
print(fact(100))
print(len(str(fact(500))))
