# expect: exit=3 stderr="memory" seconds=10
x = [0] * 10 ** 9
print(len(x))
