
# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 26
for _round in range(ROUNDS):
    def fib(n):
        if n < 2:
            return n
        return fib(n - 1) + fib(n - 2)
    print(fib(25))
    print(fib(28))
    print(fib(20) + fib(18))
