# recursion: memoized and plain, mutual, backtracking

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 13
for _round in range(ROUNDS):
    def ack(m, n):
        if m == 0:
            return n + 1
        if n == 0:
            return ack(m - 1, 1)
        return ack(m - 1, ack(m, n - 1))


    print(ack(2, 300), ack(3, 5))


    def hanoi(n, a, b, c, moves):
        if n:
            hanoi(n - 1, a, c, b, moves)
            moves.append((a, c))
            hanoi(n - 1, b, a, c, moves)
        return moves


    print(len(hanoi(16, 'A', 'B', 'C', [])))


    def queens(n, row, cols, d1, d2):
        if row == n:
            return 1
        count = 0
        for c in range(n):
            if c not in cols and row + c not in d1 and row - c not in d2:
                cols.add(c)
                d1.add(row + c)
                d2.add(row - c)
                count += queens(n, row + 1, cols, d1, d2)
                cols.remove(c)
                d1.remove(row + c)
                d2.remove(row - c)
        return count


    print(queens(8, 0, set(), set(), set()))
    memo = {}


    def partitions(n, k):
        if n == 0:
            return 1
        if n < 0 or k == 0:
            return 0
        key = (n, k)
        if key not in memo:
            memo[key] = partitions(n - k, k) + partitions(n, k - 1)
        return memo[key]


    print(partitions(400, 400))
