import json
vals = [None, True, False, 0, 1, -1, 2**63, -2**70, 10**40, 1.5, -0.0, 0.1, 1e16, 1e-7, 123456789.123,
        1e300 * 10, -1e300 * 10, 3.141592653589793, "", "abc", "a\"b\\c", "\n\r\t\b\f\x00\x1f\x7f",
        "é", "\u20ac", "\U0001f600", [], {}, (), [1, [2, [3]]], (1, 2), {"a": 1}]
for v in vals:
    print(json.dumps(v))
print(json.dumps(vals))
print(json.dumps({"k": vals}))
print(json.dumps(float("nan")), json.dumps([float("inf"), -float("inf")]))
print(json.dumps(12345678901234567890123456789))
print(json.dumps([1e22, 1e21, 1e-5, 5e-324, 1.7976931348623157e308, 2.5, 100.0]))
