# digits of e with big integers: sum 10**60 / k!
scale = 10 ** 60
term = scale
total = 0
k = 0
while term > 0:
    total += term
    k += 1
    term //= k
print(k, total)
# integer square root by Newton
def isqrt(n):
    x = n
    y = (x + 1) // 2
    while y < x:
        x = y
        y = (x + n // x) // 2
    return x
print(isqrt(2 * 10 ** 100))
print(isqrt(10 ** 40), isqrt(99), isqrt(0), isqrt(1))
# binomial row
row = [1]
for n in range(60):
    nxt = [1]
    for i in range(len(row) - 1):
        nxt += [row[i] + row[i + 1]]
    nxt += [1]
    row = nxt
print(row[30], sum(row) == 2 ** 60)
# powers mod
print(3 ** 1000 % 1000000007, (2 ** 127 - 1) % 97, -(7 ** 50) % 13)
