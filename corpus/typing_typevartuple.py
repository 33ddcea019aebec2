# typing.TypeVarTuple and Unpack: *Ts in a subscription, tuple[int, *Ts],
# Generic[*Ts], reprs, __parameters__, and the errors.
import typing
from typing import Generic, Tuple, TypeVar, TypeVarTuple, Unpack

Ts = TypeVarTuple('Ts')
T = TypeVar('T')
print(Ts, repr(Ts), Ts.__name__, Ts.__module__, type(Ts).__name__)
u = Unpack[Ts]
print(u, type(u).__name__, u.__origin__, u.__args__, u.__parameters__)
print(typing.get_origin(u), typing.get_args(u))
print(list(Ts), next(iter(Ts)) == u, [*Ts])
print(Unpack[int], Unpack[Tuple[int, str]], Unpack[tuple[int, ...]])

t1 = tuple[int, *Ts]
print(t1, t1.__args__, t1.__origin__)
t2 = Tuple[int, *Ts]
print(t2, t2.__args__, t2.__parameters__)
t3 = Tuple[*Ts]
print(t3, t3.__parameters__)
t4 = Tuple[T, *Ts, str]
print(t4, t4.__parameters__)
d = {}
d[*Ts] = 1
print(d)
a = (int, str)
print(tuple[*a], Tuple[*a], Tuple[bool, *a])


class Array(Generic[*Ts]):
    pass


class Pair(Generic[T, *Ts]):
    pass


print(Array.__parameters__, Pair.__parameters__)
print(Generic[*Ts], Generic[*Ts].__parameters__)
print(u == Unpack[Ts], u != Unpack[T], hash(u) == hash(Unpack[Ts]))
print(isinstance(Ts, TypeVarTuple), isinstance(T, TypeVarTuple))


def f(*args: Unpack[Ts]) -> tuple[*Ts]:
    return args


print(f.__annotations__)
print(typing.get_type_hints(f))

for bad in (lambda: TypeVarTuple(), lambda: TypeVarTuple('A', 'B'), lambda: TypeVarTuple('A', bound=int),
            lambda: Unpack, lambda: Unpack[int, str], lambda: Unpack(), lambda: Ts.__typing_subst__(int),
            lambda: Generic[Ts], lambda: Generic[*Ts, *Ts], lambda: isinstance(1, Ts),
            lambda: Array[int], lambda: Pair[int, str]):
    try:
        r = bad()
        print('ok', r)
    except Exception as e:
        print(type(e).__name__, e)
