import json
for f in [0.1, 0.2 + 0.1, 1 / 3, 2 / 3, 1e15, 1e16, 1.5e-10, 123e300, 9007199254740993.0, -1e-320, 1e23, 4.35,
          float("1e-7"), 0.0001, 100000000000000000000.0]:
    s = json.dumps(f)
    print(s, repr(f), json.loads(s) == f)
for s in ["1" * 30, "-" + "9" * 25, "123456789012345678", "1234567890123456789", "-9223372036854775808",
          "9223372036854775807", "9223372036854775808", "0.1e1", "1e-400", "12.34E5", "-0.000"]:
    v = json.loads(s)
    print(s, repr(v), type(v).__name__)
try:
    json.loads("1" * 5000)
except ValueError as e:
    print("ValueError:", e)
print(json.dumps(True + 1), json.dumps([True, 1, 1.0]), json.dumps({True: 1, 1.0: 2}))
