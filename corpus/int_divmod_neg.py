for a in [7, -7, 0, 1, -1, 13, -13]:
    for b in [2, -2, 3, -3, 5, -5]:
        print(a, b, a // b, a % b)
