import json
class SetEncoder(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, (set, frozenset)):
            return sorted(o)
        return super().default(o)
print(json.dumps({"s": {3, 1}}, cls=SetEncoder))
print(SetEncoder(indent=2).encode([{1, 2}]))
try:
    json.dumps([object()], cls=SetEncoder)
except TypeError as e:
    print("TypeError:", e)
e = json.JSONEncoder()
print(e.item_separator, e.key_separator, e.indent, e.skipkeys, e.ensure_ascii, e.check_circular, e.allow_nan, e.sort_keys)
e = json.JSONEncoder(indent=2)
print(repr(e.item_separator), repr(e.key_separator))
e = json.JSONEncoder(separators=(",", ":"), sort_keys=True)
print(e.encode({"b": 1, "a": [1, 2]}))
print(e.encode("str"), json.JSONEncoder(ensure_ascii=False).encode("\u00e9") == '"\u00e9"')
print(list(json.JSONEncoder().iterencode({"a": [1, 2, {"b": None}], "c": "d"})))
print(list(json.JSONEncoder(indent=1).iterencode([1, [2, {}], []])))
print(list(json.JSONEncoder().iterencode([1, 2], _one_shot=True)))
print(list(json.JSONEncoder().iterencode("x")), list(json.JSONEncoder().iterencode(5)))
class Upper(json.JSONEncoder):
    def encode(self, o):
        return super().encode(o).upper()
print(json.dumps({"a": "b"}, cls=Upper))
class Chunky(json.JSONEncoder):
    def iterencode(self, o, _one_shot=False):
        for c in super().iterencode(o, _one_shot):
            yield c + "~"
print(json.dumps([1, 2], cls=Chunky))
print(Chunky().encode({"a": 1}))
class Sep(json.JSONEncoder):
    item_separator = ";"
    key_separator = "="
print(json.dumps({"a": 1, "b": 2}, cls=Sep))
print(json.dumps({"a": 1, "b": 2}, cls=Sep, indent=1))
e = json.JSONEncoder(default=lambda o: "D")
print(e.encode([object()]), e.default(1))
e.sort_keys = True
e.indent = 1
print(e.encode({"b": 1, "a": 2}))
try:
    json.JSONEncoder(1)
except TypeError as ex:
    print("TypeError:", ex)
try:
    json.JSONEncoder(bogus=1)
except TypeError as ex:
    print("TypeError:", ex)
try:
    json.dumps(1, bogus=1)
except TypeError as ex:
    print("TypeError:", ex)
class Extra(json.JSONEncoder):
    def __init__(self, *, tag="T", **kw):
        super().__init__(**kw)
        self.tag = tag
    def default(self, o):
        return self.tag
print(json.dumps([object()], cls=Extra, tag="X", indent=1))
print(isinstance(e, json.JSONEncoder), issubclass(Extra, json.JSONEncoder))
