# expect: exit=2 stderr="globals"
print(globals())
