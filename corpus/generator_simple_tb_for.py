# A nested for's iterable fails: the line of that for statement.
def flatten(rows):
    for row in rows:
        for cell in row:
            yield cell


print(list(flatten([[1, 2], [3], 4])))
