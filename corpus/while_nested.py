i = 0
while i < 4:
    j = 0
    while True:
        if j > i:
            break
        print(i, j, end='; ')
        j += 1
    print()
    i += 1
n = 0
total = 0
while n < 100:
    n += 1
    if n % 2:
        continue
    if n > 50:
        break
    total += n
else:
    print('no')
print(n, total)
a = 10
while a:
    if a >= 3:
        a -= 3
    else:
        a -= a
    print(a)
