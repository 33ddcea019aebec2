# args: --allow-module enum
# expect: exit=0 stdout="escape attempts done"
# Nothing of the enum machinery leads to a module object, __globals__,
# __builtins__ or a class's __subclasses__: its methods are C functions
# with no globals, its classes' attributes are data.
import enum
from enum import Enum, Flag, EnumType, auto

class Color(Enum):
    RED = 1

found = []
objs = [enum.Enum, enum.EnumType, enum.Flag, enum.IntFlag, enum.auto, enum.unique, enum.verify,
        Color, Color.RED, Color.__members__, Color._value2member_map_, auto(), enum.STRICT,
        Color.__call__, Color.__getitem__, EnumType.__dict__['__new__'], Color._missing_,
        Color._generate_next_value_, Flag._missing_, Color._new_member_]
names = ['__globals__', '__builtins__', '__module__', '__self__', '__func__', '__wrapped__',
         '__code__', '__closure__', 'gi_frame', 'f_globals', '__objclass__', '_member_type_']
for o in objs:
    for n in names:
        try:
            v = getattr(o, n)
        except Exception:
            continue
        if type(v).__name__ == 'module' or (isinstance(v, dict) and '__builtins__' in v):
            found.append((o, n))
print(found)
print('escape attempts done')
