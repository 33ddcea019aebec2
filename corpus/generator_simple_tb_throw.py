# throw() into a suspended generator function: the yield statement's line.
def squares(n):
    for i in range(n):
        yield i * i


g = squares(4)
print(next(g), next(g))
g.throw(ValueError("stop here"))
