# int.to_bytes/from_bytes, as_integer_ratio, number attributes, float.hex/fromhex.
import random
rng = random.Random(7)
vals = [0, 1, -1, 127, 128, -128, -129, 255, 256, 65535, -32768, 2 ** 63, -(2 ** 63), 2 ** 64 - 1, 10 ** 30, -(10 ** 30)]
vals += [rng.randrange(-2 ** 80, 2 ** 80) for _ in range(20)]
for v in vals:
    out = []
    for n in (0, 1, 2, 8, 12):
        for order in ("big", "little"):
            for signed in (False, True):
                try:
                    b = v.to_bytes(n, order, signed=signed)
                    back = int.from_bytes(b, order, signed=signed)
                    out.append(b.hex() + ("=" if back == v else "!"))
                except OverflowError as e:
                    out.append("OF:" + str(e)[:12])
    print(v, " ".join(out))
print((1).to_bytes(), (1024).to_bytes(length=2), (5).to_bytes(2, byteorder="little"))
print(int.from_bytes([1, 2, 3]), int.from_bytes(bytearray(b"\xff\xfe"), "little", signed=True), int.from_bytes(b""))
for bad in [lambda: (1).to_bytes(-1), lambda: (1).to_bytes(1, "middle"), lambda: int.from_bytes("ab"),
            lambda: (1).to_bytes(1, "big", True), lambda: int.from_bytes([256]), lambda: (3).to_bytes("2")]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
print((7).as_integer_ratio(), True.as_integer_ratio(), (-3).real, (5).imag, (5).numerator, (5).denominator, True.real)
print((2.5).real, (2.5).imag, (-0.0).real)
for x in [0.0, -0.0, 1.0, -2.5, 0.1, 1e300, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, float("inf"), -float("inf"), float("nan"), 3.141592653589793, 1 / 3]:
    h = x.hex()
    print(h, float.fromhex(h) == x or x != x)
for s in ["0x1.8p1", "1.8p1", "  -0x.8  ", "0X1P-1074", "inf", "-Infinity", "nan", "0x1.fffffffffffff8p1023", "0x1p1024", "0x", "1.g", "0x1p", "", "0x1.0000000000000800000001p0", "0x1.00000000000008p0", "ff"]:
    try:
        print(repr(s), float.fromhex(s))
    except (ValueError, OverflowError) as e:
        print(repr(s), type(e).__name__, e)
print(all(float.fromhex(y.hex()) == y for y in (rng.uniform(-1e10, 1e10) for _ in range(200))))
