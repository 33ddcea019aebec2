# expect: exit=1 stderr="ValueError" stderr="4300"
print(str(10 ** 100000))
