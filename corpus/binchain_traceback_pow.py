# `**` chains nest to the right: every operand is evaluated, then the powers
# from the right end; the failing one is located in the traceback.
def tower(a, b, c, d, e):
    return a ** b ** c ** d ** e


print(tower(2, 1, 2, 3, 1), tower(1.5, 2, 1, 1, 2))
print(tower(2, 3, 0.0, -1, 1))
