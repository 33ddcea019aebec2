for i in range(5):
    print(i, end=' ')
print()
for i in range(2, 8):
    print(i, end=' ')
print()
for i in range(0, 20, 3):
    print(i, end=' ')
print()
for i in range(10, 0, -2):
    print(i, end=' ')
print()
for i in range(-5, -15, -3):
    print(i, end=' ')
print()
for i in range(5, 5):
    print('never')
for i in range(5, 0):
    print('never')
for i in range(0, 5, -1):
    print('never')
print(len(range(10)), len(range(0, 10, 3)), len(range(10, 0, -3)), len(range(0)), len(range(5, 1)))
print(range(5), range(1, 5), range(1, 10, 2), range(0, -5, -1))
print(sum(range(101)), sum(range(1, 10, 2)), max(range(7)), min(range(3, 9)))
print(3 in range(5), 5 in range(5), 4 in range(0, 10, 2), 5 in range(0, 10, 2))
r = range(0, 100, 7)
print(r[0], r[3], r[-1], len(r))
for i in range(2 ** 64, 2 ** 64 + 3):
    print(i)
total = 0
for i in range(1000):
    total += i * i
print(total)
