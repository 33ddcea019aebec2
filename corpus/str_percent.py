print("%d items, %s, %r, %5.2f|%-6s|%06.1f|%x|%#o|%+d|% d|%e|%g|%%" % (3, "a", "b", 3.14159, "l", -2.5, 255, 8, 5, 7, 12345.678, 0.0001))
print("%s" % (1,), "%s" % [1, 2], "%(name)s is %(age)d" % {"name": "Ann", "age": 30.7}, "%c%c" % (72, "i"))
print("%*d|%-*d|%.*f" % (5, 42, 4, 7, 2, 3.14159), "%3s|%.2s" % ("abcdef", "xyz"), "%i %u" % (-3.9, 4))
for bad in [("%d", "x"), ("%d %d", (1,)), ("%d", (1, 2)), ("%z", 1), ("%", 1), ("%x", 1.5)]:
    try:
        print(bad[0] % bad[1])
    except (TypeError, ValueError) as e:
        print(type(e), e)
