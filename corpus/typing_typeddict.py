# TypedDict: class syntax, total=, inheritance, Required/NotRequired, the functional form.
from typing import List, NotRequired, Required, TypedDict, is_typeddict, get_type_hints


class Movie(TypedDict):
    title: str
    year: int


class Extra(Movie, total=False):
    rating: float
    tags: List[str]


class Strict(TypedDict, total=False):
    id: Required[int]
    note: NotRequired[str]


m: Movie = {"title": "Up", "year": 2009}
e = Extra(title="X", year=1, rating=9.5)
print(m, e, type(e), e["rating"], Movie(title="a", year=2) == {"title": "a", "year": 2})
print(Movie.__annotations__, Movie.__total__, Extra.__total__)
print(sorted(Movie.__required_keys__), sorted(Movie.__optional_keys__))
print(sorted(Extra.__required_keys__), sorted(Extra.__optional_keys__))
print(sorted(Strict.__required_keys__), sorted(Strict.__optional_keys__), Strict.__annotations__)
print(get_type_hints(Strict), get_type_hints(Strict, include_extras=True))
Point = TypedDict("Point", {"x": int, "y": int})
Opt = TypedDict("Opt", {"a": str}, total=False)
print(Point(x=1, y=2), Point.__annotations__, sorted(Opt.__optional_keys__), Opt.__total__)
print(is_typeddict(Movie), is_typeddict(dict), is_typeddict(Point))
for chk in [lambda: isinstance({}, Movie), lambda: issubclass(dict, Movie)]:
    try:
        chk()
    except TypeError as err:
        print("TypeError:", err)
try:
    class Bad(Movie, dict):
        pass
except TypeError as err:
    print("TypeError:", err)
