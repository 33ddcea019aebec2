a = [1, 2]
b = (3, 4)
print([0, *a, *b, 5], (*a, *"xy"), {*a, *b}, [*range(3)])
d = {"x": 1}
print({**d, "y": 2, **{"x": 9}}, {"k": 0, **d})
def f(*args, **kw):
    return [*args, *kw]
print(f(1, 2, a=3))
first, *rest = [*a, *b]
print(first, rest)
try:
    [*5]
except TypeError as e:
    print(e)
try:
    {**[1]}
except TypeError as e:
    print(e)
