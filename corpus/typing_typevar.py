# TypeVar: reprs, attributes, constraints, bounds and the errors.
from typing import AnyStr, Dict, Generic, List, Tuple, TypeVar

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")
N = TypeVar("N", int, float)
B = TypeVar("B", bound=str)
Co = TypeVar("Co", covariant=True)
Contra = TypeVar("Contra", contravariant=True)
print(T, N, B, Co, Contra, AnyStr)
print(T.__name__, N.__constraints__, B.__bound__, Co.__covariant__, Contra.__contravariant__, T.__bound__)
print(AnyStr.__constraints__, T == T, T == K, T | None, List[T], Dict[K, V])
print(Dict[K, V][str, int], Dict[str, V][List[int]], Tuple[T, T][int], List[T].__parameters__)
print(Dict[K, List[V]].__parameters__, Dict[K, List[V]][int, str])
for bad in [lambda: TypeVar("X", int), lambda: TypeVar("X", int, str, bound=int),
            lambda: TypeVar("X", covariant=True, contravariant=True), lambda: List[T][int, str],
            lambda: List[int][int], lambda: TypeVar("X", bound=(1, 2))]:
    try:
        print(bad())
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
try:
    isinstance(1, T)
except TypeError as e:
    print("TypeError:", e)


def first(xs: List[T]) -> T:
    return xs[0]


print(first([3, 4]), first("ab"))
