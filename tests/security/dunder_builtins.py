# expect: exit=2 stderr="__builtins__"
print(__builtins__)
