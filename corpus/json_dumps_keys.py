import json
print(json.dumps({1: "int", 2.5: "float", True: "t", False: "f", None: "n", "s": "str"}))
print(json.dumps({-3: 1, 10**30: 2, float("inf"): 3, float("nan"): 4, -0.0: 5}))
print(json.dumps({1: 1, "1": 2}))
for bad in [(1, 2), frozenset(), b"x"]:
    try:
        json.dumps({bad: 1})
    except TypeError as e:
        print("TypeError:", e)
    try:
        json.dumps({bad: 1}, indent=1)
    except TypeError as e:
        print("TypeError:", e)
print(json.dumps({(1, 2): 1, "a": 2, (3,): 4, "b": 5}, skipkeys=True))
print(json.dumps({(1, 2): 1, "a": 2}, skipkeys=True, indent=2))
print(json.dumps({(1, 2): 1}, skipkeys=True))
try:
    json.dumps({float("nan"): 1}, allow_nan=False)
except ValueError as e:
    print("ValueError:", e)
try:
    json.dumps({float("inf"): 1}, allow_nan=False, indent=0)
except ValueError as e:
    print("ValueError:", e)
