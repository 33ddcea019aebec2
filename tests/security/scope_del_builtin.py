# expect: exit=2 stderr="SP201" stderr="eval" stdout_max=0
# `del` unbinds a global: the name falls back to the builtin.
eval = len
del eval
print(eval("__import__('os').system('id')"))
