# A builtin type's __dict__: a read-only mappingproxy of what the type defines itself.
print('from_bytes' in int.__dict__, 'upper' in str.__dict__, 'append' in list.__dict__, '__add__' in int.__dict__, 'fromkeys' in dict.__dict__)  # safepy: ignore[SP310]
print(int.__dict__['bit_length'], str.__dict__['upper'], type(int.__dict__).__name__)  # safepy: ignore[SP310]
print(type(type('')).__dict__ is not None, 'keys' in dict.__dict__, len(list.__dict__) > 10)  # safepy: ignore[SP310]
print(str.__dict__['upper']('abc'))  # safepy: ignore[SP310]
try:
    int.__dict__['x'] = 1  # safepy: ignore[SP310]
except TypeError as e:
    print(e)
from collections import OrderedDict
A = type('A', (), OrderedDict(a=1, b=2, c=3))  # safepy: ignore[SP308]
print([k for k in A.__dict__ if not k.startswith('_')], 'fromkeys' in dict.__dict__)  # safepy: ignore[SP310]
