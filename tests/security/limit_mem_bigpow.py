# expect: exit=3 stderr="memory" seconds=10
x = 10 ** 10 ** 9
print(x > 0)
