# typing.ParamSpec: construction, reprs and attributes, P.args and
# P.kwargs, Callable[P, R], Concatenate, Generic[P] and the errors.
import typing
from typing import Callable, Concatenate, Generic, ParamSpec, ParamSpecArgs, ParamSpecKwargs, TypeVar

P = ParamSpec('P')
Q = ParamSpec('Q', bound=int)
C = ParamSpec('C', covariant=True)
K = ParamSpec('K', contravariant=True)
R = TypeVar('R')
print(P, Q, C, K, repr(P))
print(P.__name__, P.__bound__, P.__covariant__, P.__contravariant__, P.__module__)
print(Q.__bound__, C.__covariant__, K.__contravariant__)
print(type(P).__name__, type(P).__module__, isinstance(P, ParamSpec), isinstance(R, ParamSpec))
print(P.args, P.kwargs, type(P.args).__name__, type(P.kwargs).__name__)
print(P.args.__origin__ is P, P.kwargs.__origin__ is P)
print(P.args == P.args, P.args == Q.args, P.args == P.kwargs, P.kwargs == P.kwargs, P.args != Q.args)
print(P.args is P.args, isinstance(P.args, ParamSpecArgs), isinstance(P.kwargs, ParamSpecKwargs))
print(ParamSpecArgs(P), ParamSpecKwargs(Q), ParamSpecArgs(P) == P.args)
print(P | int, int | P, P | None)
print(typing.Optional[P])

c1 = Callable[P, R]
print(c1, c1.__args__, c1.__parameters__, c1.__origin__)
print(typing.get_origin(c1), typing.get_args(c1))
c2 = Callable[Concatenate[int, P], R]
print(c2, c2.__args__, c2.__parameters__)
print(typing.get_args(c2))
c3 = Callable[..., int]
print(c3, typing.get_args(c3))
c4 = Callable[int, str]
print(c4, c4.__args__, typing.get_args(c4))
c5 = Callable[[int, str], P]
print(c5, c5.__parameters__)
c6 = Callable[Concatenate[int, ...], str]
print(c6, c6.__args__, c6.__parameters__)

cc = Concatenate[int, str, P]
print(cc, type(cc).__name__, cc.__origin__, cc.__args__, cc.__parameters__)
print(typing.get_origin(cc), typing.get_args(cc))
print(Concatenate[int, ...], Concatenate[int, ...].__parameters__)
print(Concatenate[P], Concatenate[P].__args__)
print(cc == Concatenate[int, str, P], cc == Concatenate[int, P], hash(cc) == hash(Concatenate[int, str, P]))

for bad in (lambda: Concatenate[()], lambda: Concatenate[int], lambda: Concatenate[int, str],
            lambda: Concatenate[P, int], lambda: Concatenate[1, P], lambda: Concatenate,
            lambda: Concatenate(),
            lambda: Callable[P], lambda: Callable[P, 1],
            lambda: ParamSpec(), lambda: ParamSpec('X', int),
            lambda: ParamSpec('X', covariant=True, contravariant=True),
            lambda: ParamSpec('X', bound=1), lambda: ParamSpec('X', foo=1),
            lambda: isinstance(1, P), lambda: P.foo, lambda: hash(P.args),
            lambda: ParamSpecArgs(), lambda: ParamSpecKwargs(P, Q)):
    try:
        r = bad()
        print('ok', r)
    except Exception as e:
        print(type(e).__name__, e)


class Z(Generic[P]):
    pass


class ZR(Generic[P, R]):
    pass


print(Z.__parameters__, ZR.__parameters__)

for bad in (lambda: Generic[P, P], lambda: Generic[int, P]):
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
print(ParamSpec.__module__, ParamSpec.__name__, ParamSpecArgs.__module__)


def decorator(f: Callable[P, R]) -> Callable[P, R]:
    def inner(*args: P.args, **kwargs: P.kwargs) -> R:
        print('calling', f.__name__, args, kwargs)
        return f(*args, **kwargs)
    return inner


@decorator
def add(x: int, y: int = 2) -> int:
    return x + y


print(add(1), add(1, y=5))
print(typing.get_type_hints(decorator))
print(decorator.__annotations__['f'])
