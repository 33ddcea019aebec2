s = 'a'
print(s + 'b')
print(s + 1)
