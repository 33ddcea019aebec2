
# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 4
for _round in range(ROUNDS):
    total = 0
    for i in range(1200):
        for j in range(1200):
            total += (i * j) % 7 - (i ^ j) // 3
        if i % 100 == 0:
            print(i, total)
    print(total)
    count = 0
    n = 0
    while n < 1000000:
        if n % 3 == 0 or n % 5 == 0:
            count += n
        n += 1
    print(count)
