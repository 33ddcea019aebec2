vals = [1, -2 ** 70, 1.5, 'x', [1], (1,), {'a': 1}, True, None]
for v in vals:
    print(repr(v), type(v), isinstance(v, int), isinstance(v, str), isinstance(v, float),
          isinstance(v, list), isinstance(v, tuple), isinstance(v, dict), isinstance(v, bool))
print(isinstance(1, (str, int)), isinstance('s', (list, tuple)), isinstance([], (list,)))
print(type(1) == type(2), type(1) == type(1.0), type('a') is str, type([]) is list)
print(int, str, float, list, tuple, dict, bool)
print(type(int), type(len), type(print))
def f():
    pass
print(type(f))
