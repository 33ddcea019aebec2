# expect: exit=2 stderr="eval"
print(eval('1 + 1'))
