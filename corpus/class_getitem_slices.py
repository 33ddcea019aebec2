# __getitem__/__setitem__/__delitem__ receiving ints, slices and tuples.
class Grid:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.cells = [0] * (w * h)
    def __getitem__(self, key):
        if isinstance(key, tuple):
            x, y = key
            return self.cells[y * self.w + x]
        if isinstance(key, slice):
            return ("slice", key.start, key.stop, key.step)
        return self.cells[key]
    def __setitem__(self, key, value):
        x, y = key
        self.cells[y * self.w + x] = value
    def __delitem__(self, key):
        x, y = key
        self.cells[y * self.w + x] = 0

g = Grid(3, 2)
g[1, 1] = 5
g[2, 0] = 7
print(g[1, 1], g[2, 0], g[0, 0])
print(g[1:4], g[::2], g[:])
print(g[4])
del g[1, 1]
print(g.cells)

class Echo:
    def __getitem__(self, key):
        return key

e = Echo()
print(e[1], e[1:2], e[1, 3], e["k"])
s = e[::-1]
print(s.start, s.stop, s.step, s.indices(5))
try:
    g[9, 9]
except IndexError as ex:
    print("IndexError:", ex)
try:
    Grid(1, 1)["a"] = 1
except ValueError as ex:
    print("ValueError:", ex)
class NoSet:
    def __getitem__(self, k):
        return k
try:
    NoSet()[0] = 1
except TypeError as ex:
    print("TypeError:", ex)
try:
    del NoSet()[0]
except (TypeError, AttributeError) as ex:
    print(type(ex).__name__ + ":", ex)
