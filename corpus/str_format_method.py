print("{} + {} = {}".format(1, 2, 3), "{0}{1}{0}".format("a", "b"), "{name}: {score:.2f}".format(name="x", score=3.14159))
print("{:>8}|{:<6}|{:^7}|".format("r", "l", "c"), "{:,}".format(1234567), "{0[1]} {0[0]}".format(["a", "b"]))
print("{d[k]} {{literal}} {!r:>6}".format("q", d={"k": 5}), "{:{w}.{p}f}".format(3.14159, w=10, p=3))
print("{:08.3f} {:+d} {:x} {:b} {:e}".format(-3.5, 7, 255, 5, 12345.678))
try:
    "{} {1}".format(1, 2)
except ValueError as e:
    print(e)
try:
    "{5}".format(1)
except IndexError as e:
    print(e)
try:
    "{x}".format()
except KeyError as e:
    print(repr(e))
try:
    "{".format()
except ValueError as e:
    print(e)
