print(int('ff', 16))
print(int('fg', 16))
