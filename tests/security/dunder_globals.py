# expect: exit=2 stderr="__globals__"
def f():
    pass
print(f.__globals__)
