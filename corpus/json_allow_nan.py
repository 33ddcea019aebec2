import json
for v in [float("nan"), float("inf"), -float("inf"), [1.0, float("nan")], {"a": float("inf")}]:
    print(json.dumps(v))
    for kw in [{}, {"indent": 1}, {"sort_keys": True}]:
        try:
            print(json.dumps(v, allow_nan=False, **kw))
        except ValueError as e:
            print("ValueError:", e)
print(json.dumps(1.5, allow_nan=False))
print(json.loads("[NaN, Infinity, -Infinity]"))
print(json.loads("-Infinity"), json.loads("NaN") != json.loads("NaN"))
