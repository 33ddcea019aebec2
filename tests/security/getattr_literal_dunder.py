# expect: exit=1 stderr="__globals__"
# getattr with a literal special name: the evaluator applies the attribute
# policy of f.__globals__ (the cpython lint profile refuses it statically)
def f():
    pass
print(getattr(f, '__globals__'))
