# expect: exit=2 stderr="__code__"
def f():
    pass
print(f.__code__)
