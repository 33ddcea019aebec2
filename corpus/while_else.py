i = 0
while i < 5:
    print('i', i)
    i += 1
else:
    print('while else runs', i)
j = 0
while j < 10:
    if j == 3:
        print('break at', j)
        break
    j += 1
else:
    print('not printed')
k = 10
while k > 0:
    k -= 3
    if k % 2 == 0:
        continue
    print('k', k)
n = 27
steps = 0
while n != 1:
    if n % 2 == 0:
        n = n // 2
    else:
        n = 3 * n + 1
    steps += 1
print('collatz steps', steps)
while False:
    print('never')
else:
    print('else of empty while')
