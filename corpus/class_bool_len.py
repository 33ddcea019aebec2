# Truthiness: __bool__ first, then __len__, default True; bad return types.
class Empty:
    pass

class Sized:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n

class Flag:
    def __init__(self, v):
        self.v = v
    def __bool__(self):
        print("  __bool__ called")
        return self.v
    def __len__(self):
        print("  __len__ called")
        return 0

print(bool(Empty()))
print(bool(Sized(0)), bool(Sized(3)), len(Sized(3)))
print(bool(Flag(True)))
if Flag(False):
    print("yes")
else:
    print("no")
print(not Sized(0))
print([x.n for x in [Sized(0), Sized(2), Sized(5)] if x])
print(Sized(0) or "fallback", (Sized(4) and "second"))

class BadBool:
    def __bool__(self):
        return 1

class BadLen:
    def __len__(self):
        return -1

try:
    bool(BadBool())
except TypeError as e:
    print("TypeError:", e)
try:
    len(BadLen())
except ValueError as e:
    print("ValueError:", e)
try:
    len(Empty())
except TypeError as e:
    print("TypeError:", e)
