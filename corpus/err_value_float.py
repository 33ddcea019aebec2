print(float('1.5'))
print(float('abc'))
