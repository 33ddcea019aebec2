# generator expressions consumed at once by sum/any/all/max/min/list/join

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 19
for _round in range(ROUNDS):
    print(sum(x for x in range(10**6)))
    xs = list(range(100000))
    print(sum(x * x for x in xs if x % 3), max(x % 1000 for x in xs), min(-x for x in xs))
    print(any(x > 99990 for x in xs), all(x >= 0 for x in xs))
    hits = 0
    for i in range(20000):
        if any(c == 'z' for c in 'abcdefz'):
            hits += 1
    print(hits)
    print(len(''.join(str(d) for d in range(50000))), len(list(x for x in xs if x & 1)))
