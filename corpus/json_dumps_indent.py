import json
data = {"name": "x", "list": [1, 2, {"a": [], "b": {}}], "nested": {"deep": [[1], [2, 3]]}, "e": [], "o": {}}
for ind in [0, 1, 2, 4, "", "\t", "--", -1, True, None]:
    print(repr(ind))
    print(json.dumps(data, indent=ind))
print(json.dumps([1, [2, 3]], indent=2, separators=(",", ":")))
print(json.dumps({"a": [1, 2]}, indent=2, separators=(" ,", " = ")))
print(json.dumps("top", indent=3), json.dumps(5, indent=3), json.dumps([], indent=3), json.dumps({}, indent=3))
try:
    json.dumps([1], indent=2.5)
except TypeError as e:
    print("TypeError:", e)
try:
    json.dumps([1], indent="x", separators=(1, ":"))
except TypeError as e:
    print("TypeError:", e)
