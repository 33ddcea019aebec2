# help() of user functions, lambdas and bound methods: pydoc's text page
# (the plain pager: stdout is no terminal).


def plain(a, b=1, *args, c, d='x', **kw):
    """First line.

        Indented more.
    Back.
    """


def annotated(x: int, /, y: list = [1, 2], *, z: 'str' = None) -> dict:
    "One line."


def positional_only(a, b, /):
    pass


def keyword_only(*, key, value=None):
    '''
	Tabbed.
    '''


async def fetch(url, *, timeout=1.5):
    """Fetch it."""


square = lambda x, y=2: x ** y


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def moved(self, dx: float = 0.0, dy: float = 0.0) -> 'Point':
        """A new point, moved."""
        return Point(self.x + dx, self.y + dy)

    def norm(self):
        return 0

    def star(*args):
        "Only *args."


class Custom:
    pass


def uses_class(p: Point, c: Custom = None) -> Custom:
    pass


def nodoc():
    pass


help(plain)
help(annotated)
help(positional_only)
help(keyword_only)
help(fetch)
help(square)
help(nodoc)
help(Point(1, 2).moved)
help(Point(1, 2).norm)
help(Point(1, 2).star)
help(uses_class)
plain.__doc__ = "Replaced\n\n   docstring"
help(plain)
plain.__defaults__ = (5,)
help(plain)
r = help(nodoc)
print(repr(r))


class Shape:
    def area(self):
        """The area."""


class Square(Shape):
    def __init__(self, side=1):
        "Make one."
        self.side = side

    def area(self):
        return self.side ** 2


class Marker:
    def __repr__(self):
        return '<marker>'


def with_marker(m=Marker(), *, flags=(1, 'a'), table={'k': None}):
    """Defaults print with their repr.   """


help(Square().area)
help(Square().__init__)
help(with_marker)
help(lambda: None)
help(lambda *a, **k: 0)
