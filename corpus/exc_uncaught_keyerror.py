# Uncaught KeyError with a tuple key from a dict lookup inside a method.
class Board:
    def __init__(self):
        self.cells = {(x, y): "." for x in range(3) for y in range(3)}
    def mark(self, x, y, ch):
        if self.cells[(x, y)] != ".":
            raise ValueError("taken")
        self.cells[(x, y)] = ch

b = Board()
b.mark(1, 1, "X")
print(b.cells[(1, 1)])
b.mark(3, 0, "O")
