class X(int):
    def __or__(self, o):
        return NotImplemented
x = X(2)
print(type(abs(x)).__name__, type(+x).__name__, type(-x).__name__, abs(x))
try:
    x | 'a'
except TypeError as e: print(e)
try:
    x + 'a'
except TypeError as e: print(e)
try:
    'a' | x
except TypeError as e: print(e)
