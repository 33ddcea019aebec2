# a pipeline of three generators over 200,000 items

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 34
for _round in range(ROUNDS):
    def source(n):
        for i in range(n):
            yield i


    def square(it):
        for x in it:
            yield x * x


    def evens(it):
        for x in it:
            if x % 2 == 0:
                yield x


    total = 0
    count = 0
    for v in evens(square(source(200000))):
        total += v
        count += 1
    print(count, total)


    def chunks(it, n):
        buf = []
        for x in it:
            buf.append(x)
            if len(buf) == n:
                yield buf
                buf = []
        if buf:
            yield buf


    print(sum(len(c) for c in chunks(source(100000), 7)))
