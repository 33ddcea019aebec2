# expect: exit=2 stderr="vars"
print(vars())
