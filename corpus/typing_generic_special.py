# Subscribing classes generic in a ParamSpec or a TypeVarTuple
# (__typing_prepare_subst__): the regrouped arguments, the reprs and
# __parameters__, and the count errors.
from typing import *
P = ParamSpec('P'); T = TypeVar('T'); Ts = TypeVarTuple('Ts'); R = TypeVar('R')
class Z(Generic[P]): pass
class ZR(Generic[T, P]): pass
class A(Generic[*Ts]): pass
class B(Generic[T, *Ts, R]): pass
for f in [lambda: Z[int, str], lambda: Z[[int, str]], lambda: Z[int], lambda: Z[...], lambda: Z[P], lambda: Z[Concatenate[int, P]],
          lambda: Z[[int, str]].__parameters__, lambda: Z[[int, T]].__parameters__, lambda: Z[()], lambda: Z[[]],
          lambda: ZR[int, [str]], lambda: ZR[int, str], lambda: ZR[int], lambda: ZR[int, str, bool], lambda: ZR[int, P].__parameters__,
          lambda: A[()], lambda: A[int, str], lambda: A[int], lambda: A[int, *Ts], lambda: A[int, *Ts].__parameters__,
          lambda: B[int, str], lambda: B[int], lambda: B[int, bool, str, bytes], lambda: B[int, Unpack[Tuple[int, ...]], str],
          lambda: B[int, Unpack[Tuple[str, ...]]], lambda: A[int, Unpack[Tuple[str, ...]]],
          lambda: B[Unpack[Tuple[int, ...]]], lambda: B[Unpack[Tuple[int, ...]], Unpack[Tuple[str, ...]]],
          lambda: B[Unpack[Tuple[int, str]], bool], lambda: ZR[[int, str], bool],
          lambda: ZR[int, ...], lambda: ZR[int, Concatenate[str, P]].__parameters__]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
