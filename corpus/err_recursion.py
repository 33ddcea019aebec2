def down(n):
    if n % 100 == 0:
        print('depth', n)
    return down(n + 1)
down(0)
