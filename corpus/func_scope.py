g = 'global'
def read_global():
    return g
def shadow():
    g = 'local'
    return g
print(read_global(), shadow(), g)
def outer():
    x = 'outer'
    def inner():
        return x + '-inner'
    return inner()
print(outer())
def params_are_local(a):
    a = a + 1
    return a
v = 10
print(params_are_local(v), v)
def mutate(lst):
    lst += [99]
lst = [1]
mutate(lst)
print(lst)
