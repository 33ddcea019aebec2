# __int__, __float__, __index__, __round__, __complex__-free conversions and
# where each is used (bin, hex, slicing, range, list index).
class Fixed:
    def __init__(self, raw):
        self.raw = raw          # thousandths
    def __int__(self):
        return self.raw // 1000
    def __float__(self):
        return self.raw / 1000
    def __round__(self, nd=None):
        if nd is None:
            return round(self.raw / 1000)
        return round(self.raw / 1000, nd)
    def __repr__(self):
        return f"Fixed({self.raw})"

f = Fixed(2718)
print(int(f), float(f), round(f), round(f, 1))

class Idx:
    def __init__(self, i):
        self.i = i
    def __index__(self):
        return self.i

i = Idx(3)
print(bin(i), hex(i), oct(i))
print([10, 20, 30, 40, 50][i], "abcdef"[Idx(1):i])
print(list(range(Idx(2), Idx(6))))
print(int(Idx(7)), "x" * Idx(3))
try:
    [1, 2][Fixed(1000)]
except TypeError as e:
    print("TypeError:", e)
try:
    int(object())
except TypeError as e:
    print("TypeError:", e)

class BadInt:
    def __int__(self):
        return "nope"
try:
    int(BadInt())
except TypeError as e:
    print("TypeError:", e)
