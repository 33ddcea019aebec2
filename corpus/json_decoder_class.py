import json
d = json.JSONDecoder()
print(d.decode('  [1, 2]  '), d.raw_decode('[1, 2] rest'), d.raw_decode('xx"s"yy', 2))
print(d.raw_decode('{"a": 1}{"b": 2}'), d.raw_decode('{"a": 1}{"b": 2}', 8))
print(d.strict, d.object_hook, d.object_pairs_hook, d.parse_float, d.parse_int, d.parse_constant("NaN"))
for args in [(' 1',), ('1', -1), ('1', 5), ('', 0), (5,), ('"\u00e9\u00e9" x', 0), ('\u00e9\u00e9"a"', 2)]:
    try:
        print(args, d.raw_decode(*args))
    except (ValueError, TypeError) as e:
        print(args, type(e).__name__ + ":", e)
for v in [5, b"1", None]:
    try:
        d.decode(v)
    except TypeError as e:
        print("TypeError:", e)
class Hooked(json.JSONDecoder):
    def __init__(self, **kw):
        super().__init__(object_hook=self.hook, **kw)
    def hook(self, obj):
        return {k.upper(): v for k, v in obj.items()}
print(json.loads('{"a": {"b": 1}}', cls=Hooked))
print(Hooked(parse_int=str).decode('{"x": [1, 2]}'))
class Raw(json.JSONDecoder):
    def raw_decode(self, s, idx=0):
        obj, end = super().raw_decode(s, idx)
        return ("wrapped", obj), end
print(json.loads(' [1] ', cls=Raw))
class Dec(json.JSONDecoder):
    def decode(self, s):
        return "decoded:" + s
print(json.loads("anything", cls=Dec), json.loads(b"bytes", cls=Dec))
d2 = json.JSONDecoder(object_hook=lambda o: "H")
d2.object_hook = lambda o: "changed"
print(d2.decode('{"a": 1}'))
d3 = json.JSONDecoder(strict=False)
print(repr(d3.decode('"a\tb"')))
class NoInit(json.JSONDecoder):
    def __init__(self):
        pass
try:
    NoInit().decode("1")
except AttributeError as e:
    print("AttributeError:", e)
try:
    json.JSONDecoder(1)
except TypeError as e:
    print("TypeError:", e)
print(isinstance(d, json.JSONDecoder), json.JSONDecoder.__name__, json.JSONEncoder.__name__)
