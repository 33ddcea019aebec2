
# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 8
for _round in range(ROUNDS):
    d = {}
    for i in range(300000):
        d[i % 5003] = d.get(i % 5003, 0) + i
    print(len(d), d[0], d[5002])
    lst = []
    for i in range(300000):
        lst.append((i * 7919) % 100003)
    lst.sort()
    print(lst[0], lst[50000], lst[-1])
    words = {}
    for i in range(50000):
        k = 'k' + str(i % 1000)
        if k in words:
            words[k].append(i)
        else:
            words[k] = [i]
    total = 0
    for k in words:
        total += len(words[k]) + words[k][-1]
    print(len(words), total)
    grid = []
    for i in range(400):
        row = []
        for j in range(400):
            row.append(i * j)
        grid.append(row)
    s = 0
    for row in grid:
        s += sum(row)
    print(s)
