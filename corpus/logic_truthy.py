vals = [0, 1, -1, 0.0, 0.5, '', ' ', [], [[]], (), ((),), {}, {'': 0}, None, True, False, 2 ** 100, -0.0]
for v in vals:
    r1 = v and 'T'
    r2 = v or 'F'
    print(repr(v), repr(r1), repr(r2), not v)
x = []
y = x or [1]
print(y, x is y)
z = x and [2]
print(z, x is z)
