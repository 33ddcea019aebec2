# a comprehension walrus in a function with a global declaration binds the global
def f():
    global gg
    [(gg := k) for k in "ab"]
    return gg
print(f(), gg)
def h():
    r = [(acc := x) for x in range(3) for _ in range(2)]
    return r, acc
print(h())
