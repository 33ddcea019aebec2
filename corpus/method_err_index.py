print([1, 2, 3].index(2))
print([1, 2, 3].index(5))
