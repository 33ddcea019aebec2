# exceptions in loops: raise/except, finally, lookups that fail, custom flow

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 10
for _round in range(ROUNDS):
    def parse(s):
        try:
            return int(s)
        except ValueError:
            return -1


    vals = [str(i) if i % 3 else 'x' + str(i) for i in range(100000)]
    print(sum(parse(v) for v in vals))
    d = {i: i for i in range(0, 1000, 2)}
    miss = 0
    for i in range(200000):
        try:
            miss += d[i % 1000]
        except KeyError:
            miss -= 1
    print(miss)
    count = 0
    for i in range(100000):
        try:
            if i % 5 == 0:
                raise ZeroDivisionError('five')
            count += 1
        except ZeroDivisionError as e:
            count += len(str(e))
        finally:
            count += 1
    print(count)


    def check(n):
        if n % 7 == 0:
            raise ValueError(n)
        return n


    bad = 0
    for i in range(100000):
        try:
            check(i)
        except (TypeError, ValueError) as e:
            bad += e.args[0] % 3
    print(bad)
