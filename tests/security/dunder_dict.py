# expect: exit=2 stderr="__dict__"
def f():
    pass
print(f.__dict__)
