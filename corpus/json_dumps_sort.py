import json
d = {"b": 1, "a": 2, "c": {"z": 1, "y": [{"q": 1, "p": 2}]}, "A": 0}
print(json.dumps(d, sort_keys=True))
print(json.dumps(d, sort_keys=True, indent=1))
print(json.dumps({3: "a", 1: "b", 2: "c"}, sort_keys=True))
print(json.dumps({2.5: 1, 1.5: 2}, sort_keys=True))
for kw in [{}, {"indent": 2}]:
    try:
        json.dumps({"a": 1, 2: 3}, sort_keys=True, **kw)
    except TypeError as e:
        print("TypeError:", e)
print(json.dumps({"b": 1, "a": 2}, sort_keys=0), json.dumps({"b": 1, "a": 2}, sort_keys=[1]))
