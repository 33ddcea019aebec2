import json
d = {"a": 1, "b": [1, 2, 3], "c": {"d": None}}
print(json.dumps(d, separators=(",", ":")))
print(json.dumps(d, separators=(", ", ": ")))
print(json.dumps(d, separators=(";", "=")))
print(json.dumps(d, separators=["|", "->"]))
print(json.dumps(d, separators=("", "")))
for bad in [(1, ":"), (",", 2), (",",), (",", ":", "x"), 5]:
    try:
        print(json.dumps(d, separators=bad))
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
print(json.dumps([], separators=(1, 2), indent=None) if False else "skip")
