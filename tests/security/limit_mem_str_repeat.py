# expect: exit=3 stderr="memory" seconds=10
# refused at once by a size pre-check, before allocating
x = 'a' * 10 ** 10
print(len(x))
