print('before')
a = 10
b = 0
print(a / b)
print('not reached')
