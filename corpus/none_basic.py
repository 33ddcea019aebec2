x = None
print(x)
print(x is None, x is not None, x == None, x != None)
print(type(None), repr(None), str(None))
print(not None, None or 5, None and 5)
def f():
    pass
print(f())
def g():
    return
print(g())
print([None, None], (None,), {None: None})
y = print('side effect')
print(y)
