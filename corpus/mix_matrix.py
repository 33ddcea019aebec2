# A Matrix class with operators: +, -, * (scalar and matrix), ==, indexing by
# (row, col), transpose, identity, determinant, and shape errors.
class ShapeError(ValueError):
    pass

class Matrix:
    def __init__(self, rows):
        if not rows or any(len(r) != len(rows[0]) for r in rows):
            raise ShapeError("ragged or empty matrix")
        self.rows = [list(r) for r in rows]
        self.n, self.m = len(rows), len(rows[0])

    @classmethod
    def identity(cls, n):
        return cls([[int(i == j) for j in range(n)] for i in range(n)])

    def __getitem__(self, ij):
        i, j = ij
        return self.rows[i][j]

    def __setitem__(self, ij, v):
        i, j = ij
        self.rows[i][j] = v

    def __add__(self, other):
        if (self.n, self.m) != (other.n, other.m):
            raise ShapeError(f"shape {self.n}x{self.m} vs {other.n}x{other.m}")
        return Matrix([[a + b for a, b in zip(r, s)] for r, s in zip(self.rows, other.rows)])

    def __sub__(self, other):
        return self + other * -1

    def __mul__(self, other):
        if isinstance(other, (int, float)):
            return Matrix([[a * other for a in r] for r in self.rows])
        if self.m != other.n:
            raise ShapeError(f"cannot multiply {self.n}x{self.m} by {other.n}x{other.m}")
        cols = other.T.rows
        return Matrix([[sum(a * b for a, b in zip(r, c)) for c in cols] for r in self.rows])

    __rmul__ = __mul__

    @property
    def T(self):
        return Matrix([list(c) for c in zip(*self.rows)])

    def det(self):
        if self.n != self.m:
            raise ShapeError("determinant of a non-square matrix")
        if self.n == 1:
            return self.rows[0][0]
        total = 0
        for j in range(self.m):
            minor = Matrix([r[:j] + r[j + 1:] for r in self.rows[1:]])
            total += (-1) ** j * self.rows[0][j] * minor.det()
        return total

    def __eq__(self, other):
        return isinstance(other, Matrix) and self.rows == other.rows

    def __repr__(self):
        return "Matrix(" + repr(self.rows) + ")"

    def __str__(self):
        width = max(len(str(x)) for r in self.rows for x in r)
        return "\n".join(" ".join(str(x).rjust(width) for x in r) for r in self.rows)

a = Matrix([[1, 2], [3, 4]])
b = Matrix([[0, 1], [1, 0]])
print(a + b, a - b, a * b, 2 * a, sep="\n--\n")
print(a * Matrix.identity(2) == a, a.T, a.det(), Matrix([[2, 0, 1], [1, 3, 2], [1, 1, 1]]).det())
a[0, 1] = 20
print(repr(a), a[1, 0])
for bad in (lambda: a + Matrix([[1, 2, 3]]), lambda: a * Matrix([[1, 2, 3]]), lambda: Matrix([[1], [2, 3]])):
    try:
        bad()
    except ShapeError as e:
        print("ShapeError:", e)
