# Conway's game of life as a class: a set of live cells, __str__ rendering,
# __eq__ for detecting still lifes and oscillators, generations as an iterator.
class Life:
    def __init__(self, cells, width, height):
        self.cells = frozenset(cells)
        self.w, self.h = width, height

    @classmethod
    def parse(cls, text):
        rows = text.strip().splitlines()
        cells = {(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#"}
        return cls(cells, len(rows[0]), len(rows))

    def neighbours(self, x, y):
        return sum((x + dx, y + dy) in self.cells
                   for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)

    def step(self):
        new = set()
        for y in range(self.h):
            for x in range(self.w):
                n = self.neighbours(x, y)
                if n == 3 or (n == 2 and (x, y) in self.cells):
                    new.add((x, y))
        return Life(new, self.w, self.h)

    def __iter__(self):
        state = self
        while True:
            yield state
            state = state.step()

    def __eq__(self, other):
        return self.cells == other.cells

    def __len__(self):
        return len(self.cells)

    def __str__(self):
        return "\n".join("".join("#" if (x, y) in self.cells else "." for x in range(self.w))
                         for y in range(self.h))

blinker = Life.parse(".....\n..#..\n..#..\n..#..\n.....")
gens = iter(blinker)
first, second, third = next(gens), next(gens), next(gens)
print(second, "", sep="\n")
print(first == third, first == second, len(second))
block = Life.parse("....\n.##.\n.##.\n....")
print(block.step() == block)
glider = Life.parse(".#....\n..#...\n###...\n......\n......\n......")
for i, g in enumerate(glider):
    if i == 4:
        print(g)
        print(sorted(g.cells) == sorted((x + 1, y + 1) for x, y in glider.cells))
        break
