# expect: exit=2 stderr="syntax"
a = 1
b = 2
print(a <> b)
