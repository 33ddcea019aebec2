# The messages of bad * and ** arguments, which depend on the call's shape
# as CPython 3.11 compiles it.


def f(*a, **k):
    return a, k


class Box:
    def method(self, *a):
        return a


calls = [
    ('f(*1)', lambda: f(*1)),
    ('f(1, *2)', lambda: f(1, *2)),
    ('f(*3, 4)', lambda: f(*3, 4)),
    ('f(*[1], *5)', lambda: f(*[1], *5)),
    ('f(*6, x=1)', lambda: f(*6, x=1)),
    ('print(*7)', lambda: print(*7)),
    ('f(**9)', lambda: f(**9)),
    ('f(x=1, **10)', lambda: f(x=1, **10)),
    ('Box().method(*11)', lambda: Box().method(*11)),
    ('Box(*12)', lambda: Box(*12)),
    ('len(*None)', lambda: len(*None)),
    ('max(**[])', lambda: max(**[])),
]
for text, thunk in calls:
    try:
        thunk()
    except TypeError as e:
        print(f'{text:20} {e}')
print(f(*'ab', *range(2), **{'x': 1}, y=2))
