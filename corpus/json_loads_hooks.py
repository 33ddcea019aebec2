import json
doc = '{"a": 1, "b": [1.5, 2, {"c": 3}], "d": NaN, "e": -Infinity, "f": "s"}'
print(json.loads(doc, object_hook=lambda d: sorted(d.items())))
print(json.loads(doc, object_pairs_hook=lambda p: p))
print(json.loads(doc, object_pairs_hook=lambda p: dict(reversed(p)), object_hook=lambda d: "ignored"))
print(json.loads(doc, parse_float=lambda s: "F" + s, parse_int=lambda s: "I" + s))
print(json.loads(doc, parse_constant=lambda s: "C" + s))
print(json.loads('[1, 2.5]', parse_float=float, parse_int=int))
print(json.loads('[10, 2.50]', parse_int=float, parse_float=str))
print(json.loads('{"a": {"b": {}}}', object_hook=len))
def bad_hook(d):
    raise KeyError("hook")
try:
    json.loads('[{"x": 1}]', object_hook=bad_hook)
except KeyError as e:
    print("KeyError:", e)
try:
    json.loads('[1.5]', parse_float=lambda s: 1 / 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    json.loads('NaN', parse_constant=lambda s: {}[s])
except KeyError as e:
    print("KeyError:", e)
seen = []
def track(d):
    seen.append(dict(d))
    return len(seen)
print(json.loads('[{"a": {"b": 1}}, {"c": 2}]', object_hook=track), seen)
print(json.loads('[0, -0, 1e2, 1E-2]', parse_int=lambda s: ("int", s), parse_float=lambda s: ("float", s)))
print(json.loads('{"a": 1}', object_hook=None, parse_float=None, cls=None))
print(json.loads('""', object_hook=0, parse_int=0, parse_float=""))
