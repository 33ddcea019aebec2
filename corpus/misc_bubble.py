data = [64, 34, 25, 12, 22, 11, 90, -5, 0, 2 ** 65, 3.5]
n = len(data)
for i in range(n):
    swapped = False
    for j in range(n - 1 - i):
        if data[j] > data[j + 1]:
            data[j], data[j + 1] = data[j + 1], data[j]
            swapped = True
    print(i, data)
    if not swapped:
        break
print(data)
