# list, dict and set comprehensions, nested and filtered

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 20
for _round in range(ROUNDS):
    squares = [x * x for x in range(300000)]
    print(len(squares), squares[-1])
    evens = [x for x in squares if x % 2 == 0]
    print(len(evens))
    pairs = [(i, j) for i in range(300) for j in range(i, 300) if (i + j) % 7 == 0]
    print(len(pairs), pairs[-1])
    table = {i: str(i) for i in range(100000)}
    print(len(table), table[99999])
    mods = {x % 1009 for x in range(200000)}
    print(len(mods))
    grid = [[r * c for c in range(200)] for r in range(200)]
    flat = [v for row in grid for v in row if v % 3 == 0]
    print(len(flat), sum(flat))
    words = ['alpha', 'beta', 'gamma', 'delta'] * 10000
    lengths = {w: len(w) for w in words}
    upper = [w.upper() for w in words if 'a' in w]
    print(lengths, len(upper))
