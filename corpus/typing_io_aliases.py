# typing.IO, TextIO, BinaryIO (generic classes with abstract no-op
# members), Pattern and Match over re, ContextManager and
# AsyncContextManager over contextlib, every __all__ name, no override.
import typing, re
from typing import IO, TextIO, BinaryIO, Pattern, Match, ContextManager, AsyncContextManager
print(IO, TextIO, BinaryIO, IO.__module__, issubclass(IO, typing.Generic))
print(issubclass(TextIO, IO), issubclass(BinaryIO, IO), TextIO.__orig_bases__, BinaryIO.__orig_bases__)
print(IO.__parameters__, TextIO.__parameters__, IO[str], IO[bytes].__origin__, IO[str].__args__)
print(typing.get_origin(IO[str]), typing.get_args(IO[bytes]))
print(sorted(k for k in vars(IO) if not k.startswith('__')))  # safepy: ignore[SP311]
print(sorted(k for k in vars(TextIO) if not k.startswith('__')))  # safepy: ignore[SP311]
print(sorted(k for k in vars(BinaryIO) if not k.startswith('__')))  # safepy: ignore[SP311]
print(IO.__slots__, TextIO.__slots__)
class F(IO[str]):
    pass
f = F()
print(f.read(), f.mode, f.name, f.closed, f.write('x'), f.__enter__(), f.__exit__(None, None, None))
print(F.__parameters__, F.__orig_bases__)
print(isinstance(f, IO), isinstance(f, TextIO), isinstance(f, typing.BinaryIO))
import io
print(isinstance(io.StringIO(), TextIO), isinstance(io.BytesIO(), IO))
print(Pattern, Match, Pattern[str], Match[bytes], Pattern.__origin__, Match[str].__origin__)
print(typing.get_origin(Pattern[str]), typing.get_args(Match[str]), Pattern[str].__parameters__)
print(isinstance(re.compile('a'), Pattern), isinstance(re.match('a', 'a'), Match))
print(ContextManager, ContextManager[int], ContextManager.__origin__, AsyncContextManager[str])
for bad in (lambda: Pattern[str, str], lambda: IO[str, int], lambda: Pattern(), lambda: isinstance(re.compile('a'), Pattern[str]),
            lambda: TextIO[str], lambda: ContextManager[int, str], lambda: type(IO()).__name__):
    try:
        print('ok', bad())
    except Exception as e:
        print(type(e).__name__, e)
T = typing.TypeVar('T')
print(Pattern[T], Pattern[T][str], IO[T][bytes])
print(typing.override if hasattr(typing, 'override') else 'no override')
print([n for n in typing.__all__ if not hasattr(typing, n)], len(typing.__all__))  # safepy: ignore[SP305]
try:
    typing.override
except AttributeError as e:
    print('AttributeError', e)
print(typing.SupportsInt.__int__(5), typing.SupportsAbs.__abs__(None))


class Stream(typing.BinaryIO):
    def __init__(self):
        self.data = b''

    def write(self, s):
        self.data += s
        return len(s)


s = Stream()
print(s.write(b'ab'), s.data, s.read(), s.seekable(), s.__enter__())
print(isinstance(s, typing.IO), isinstance(s, typing.BinaryIO), isinstance(s, typing.TextIO))
for n in ("T","KT","VT","T_co","V_co","VT_co","T_contra","CT_co"):
    v = getattr(typing, n)  # safepy: ignore[SP305]
    print(n, v, v.__module__, v.__bound__, v.__covariant__, v.__contravariant__)
print(typing.List[typing.T], typing.Dict[typing.KT, typing.VT_co])
