# expect: exit=1 stderr="__globals__"
# a computed name reaching a function's globals is refused at run time
def f():
    pass
print(getattr(f, '__glo' + 'bals__'))
