# Uncaught error raised inside a generator consumed by a for loop in a
# function; the generator's frame appears after the loop's.
def parse(rows):
    for r in rows:
        yield int(r)

def total(rows):
    s = 0
    for v in parse(rows):
        s += v
    return s

print(total(["1", "2"]))
print(total(["3", "four"]))
