# expect: exit=2 stderr="eval"
# merely naming a forbidden builtin is refused (aliasing)
e = eval
print(e('2'))
