for i in range(0, 10, 0):
    print(i)
