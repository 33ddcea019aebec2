# An exception group nested deeper than the depth limit: split and subgroup
# raise RecursionError as CPython's exceptiongroup_split_recursive does.
e = ValueError(1)
for i in range(3000):
    e = ExceptionGroup('g', [e])
try:
    print(e.split(ValueError)[0] is not None)
except RecursionError as x:
    print('RecursionError', x)
try:
    print(e.subgroup(ValueError) is not None)
except RecursionError as x:
    print('RecursionError', x)
try:
    print(e.subgroup(lambda ex: ex.__class__ is ValueError) is not None)
except RecursionError as x:
    print('RecursionError', x)
f = ValueError(2)
for i in range(100):
    f = ExceptionGroup('g', [f, TypeError(i)])
m, r = f.split(ValueError)
print(type(m).__name__, type(r).__name__, len(r.exceptions))
