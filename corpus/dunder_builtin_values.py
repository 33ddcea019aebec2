# Special methods called directly on builtin values and through their types:
# the operators' NotImplemented protocol, conversions, reprs of the wrappers.
cases = [
    lambda: (5).__str__(), lambda: (5).__repr__(), lambda: (2.5).__str__(), lambda: 'ab'.__repr__(),
    lambda: (5).__add__(3), lambda: (5).__add__(2.5), lambda: (2.5).__add__(5), lambda: (5).__radd__(1),
    lambda: (7).__truediv__(2), lambda: (7).__rtruediv__(2), lambda: (7).__floordiv__(-2),
    lambda: (7).__mod__(3), lambda: (7).__rmod__(30), lambda: (7).__divmod__(2), lambda: (7.5).__divmod__(2),
    lambda: (7).__rdivmod__(50), lambda: (2).__pow__(10), lambda: (2).__pow__(10, 7), lambda: (2).__rpow__(3),
    lambda: (2.0).__pow__(0.5), lambda: (1).__lshift__(10), lambda: (1024).__rshift__(3), lambda: (6).__and__(3),
    lambda: (6).__or__(3), lambda: (6).__xor__(3), lambda: True.__and__(False), lambda: True.__or__(1),
    lambda: (5).__neg__(), lambda: (-5).__abs__(), lambda: (-2.5).__abs__(), lambda: (5).__invert__(),
    lambda: (5).__pos__(), lambda: (0).__bool__(), lambda: (0.1).__bool__(), lambda: None.__bool__(),
    lambda: (7.9).__int__(), lambda: (7).__float__(), lambda: (7).__index__(), lambda: True.__index__(),
    lambda: (-7.5).__trunc__(), lambda: (-7.5).__floor__(), lambda: (-7.5).__ceil__(), lambda: (7).__floor__(),
    lambda: (2.675).__round__(2), lambda: (2.5).__round__(), lambda: (1234).__round__(-2), lambda: (15).__round__(-1),
    lambda: (3).__eq__(3), lambda: (3).__eq__(3.0), lambda: (3.0).__eq__(3), lambda: (3).__lt__('a'),
    lambda: (3).__lt__(4), lambda: (3.5).__ge__(3), lambda: 'a'.__lt__('b'), lambda: 'a'.__eq__(1),
    lambda: (1, 2).__lt__((1, 3)), lambda: [1].__eq__([1]), lambda: [1].__ne__([2]), lambda: [1].__lt__((2,)),
    lambda: {1}.__le__({1, 2}), lambda: {1}.__eq__(frozenset({1})), lambda: None.__eq__(None), lambda: None.__ne__(0),
    lambda: 'a'.__mul__(3), lambda: 'a'.__rmul__(2), lambda: 'a'.__mul__('b'), lambda: 'a'.__add__('b'),
    lambda: 'x=%d'.__mod__(5), lambda: [1].__add__([2]), lambda: [1].__mul__(2), lambda: (1, 2).__add__((3,)),
    lambda: {1, 2}.__and__({2, 3}), lambda: {1, 2}.__or__([3]), lambda: {1, 2}.__sub__({2}), lambda: {1}.__rsub__({1, 2}),
    lambda: {'a': 1}.__or__({'b': 2}), lambda: {'a': 1}.__or__([1]), lambda: {1: 2}.__ror__({3: 4}),
    lambda: (1).__hash__(), lambda: 'a'.__hash__() == hash('a'), lambda: (1, 2).__hash__() == hash((1, 2)),
    lambda: None.__hash__() == hash(None), lambda: (2.5).__hash__(),
    lambda: 'a'.__format__('>3'), lambda: (3.14159).__format__('.2f'), lambda: (255).__format__('x'),
    lambda: (5).__format__(''), lambda: None.__format__(''),
    lambda: int.__add__(3, 4), lambda: float.__mul__(2.0, 4), lambda: str.__add__('a', 'b'),
    lambda: int.__lt__(1, 2), lambda: bool.__and__(True, True), lambda: list.__len__([1, 2]),
    lambda: tuple.__getitem__((1, 2), 1), lambda: str.__contains__('abc', 'b'),
    lambda: repr(int.__add__), lambda: repr(dict.__setitem__), lambda: repr(str.__len__),
    lambda: (5).__add__.__name__, lambda: int.__add__.__qualname__,
    lambda: int.__add__('a', 1), lambda: str.__len__(5), lambda: (5).__add__(), lambda: (5).__add__(1, 2),
    lambda: 'a'.__add__(1), lambda: [1].__add__((1,)), lambda: (1,).__add__([1]),
    lambda: (5).__len__(), lambda: 'a'.__bool__(), lambda: [].__neg__(), lambda: (2.5).__index__(),
    lambda: (2.5).__and__(1), lambda: (1).__matmul__(2),
    lambda: (7).__truediv__(0), lambda: (2).__pow__(-1, 5), lambda: (2).__pow__(2.0, 5),
    lambda: sorted([3, 1, 2], key=(10).__sub__), lambda: list(map((2).__mul__, [1, 2, 3])),
    lambda: list(filter('aeiou'.__contains__, 'education')), lambda: max([1, 5, 3], key=(3).__sub__),
]
for i, c in enumerate(cases):
    try:
        print(i, repr(c()))
    except Exception as e:
        print(i, type(e).__name__, e)
