def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)
t(lambda: b"a" + "b")
t(lambda: "b" + b"a")
t(lambda: b"abc"[5])
t(lambda: bytes(-1))
t(lambda: bytes([256]))
t(lambda: bytes(["a"]))
t(lambda: bytes(1.5))
t(lambda: bytes(None))
t(lambda: b"a" < "b")
t(lambda: b"a" * "b")
t(lambda: b"a" * 1.5)
t(lambda: b"a" - b"a")
def assign():
    x = b"abc"
    x[0] = 1
t(assign)
t(lambda: b"%d" % "x")
t(lambda: b"%s %s" % (b"a",))
t(lambda: b"%s" % (b"a", b"b"))
t(lambda: b"%s" % "str")
t(lambda: b"abc".decode("ascii", "strict").encode("ascii"))
b"\xff".decode()
