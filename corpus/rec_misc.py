def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)
print(fact(0), fact(5), fact(20), fact(21), fact(30))
print(fact(100))
def ack(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ack(m - 1, 1)
    return ack(m - 1, ack(m, n - 1))
for m in range(3):
    for n in range(4):
        print('ack', m, n, ack(m, n))
print(ack(2, 3), ack(3, 3))
def hanoi(n, src, dst, via):
    if n == 0:
        return 0
    moves = hanoi(n - 1, src, via, dst)
    moves += 1
    moves += hanoi(n - 1, via, dst, src)
    return moves
for n in range(1, 13):
    print('hanoi', n, hanoi(n, 'A', 'C', 'B'))
def hanoi_moves(n, src, dst, via):
    if n == 0:
        return
    hanoi_moves(n - 1, src, via, dst)
    print('move', n, src, '->', dst)
    hanoi_moves(n - 1, via, dst, src)
hanoi_moves(3, 'A', 'C', 'B')
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)
def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)
print(is_even(10), is_odd(7), is_even(7))
def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)
print(depth(900))
def power_set_count(lst):
    if len(lst) == 0:
        return 1
    return 2 * power_set_count(lst[1:])
print(power_set_count([1, 2, 3, 4, 5]))
def sum_nested(x):
    if isinstance(x, list):
        s = 0
        for v in x:
            s += sum_nested(v)
        return s
    return x
print(sum_nested([1, [2, [3, [4]], 5], [[6]]]))
