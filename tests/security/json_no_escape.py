# args: --allow-module json
# expect: exit=0 stdout="json surface ok"
# json's public objects lead nowhere: no module object but its own
# submodules json.decoder and json.encoder (whose attributes are json's
# classes and functions only), no __globals__ or __builtins__, no way to a
# class's subclasses; the hooks receive only plain values. The module's
# attributes are CPython's public names that safepy implements (no codecs,
# no scanner).
import json
names = [n for n in dir(json) if not n.startswith("_")]
bad = []
for n in names:
    v = getattr(json, n)
    if type(v).__name__ == "module":
        if n not in ("decoder", "encoder"):
            bad.append(n)
        for m in dir(v):
            if not m.startswith("_") and type(getattr(v, m)).__name__ == "module":
                bad.append((n, m))
for obj in [json.dumps, json.loads, json.JSONEncoder, json.JSONDecoder, json.JSONDecodeError,
            json.JSONEncoder(), json.JSONDecoder(), json.JSONDecoder().parse_constant]:
    for attr in ["__globals__", "__builtins__", "__module__", "__self__"]:
        try:
            v = getattr(obj, attr)
        except AttributeError:
            continue
        if type(v).__name__ in ("module", "dict") and attr != "__module__":
            bad.append((obj, attr))
seen = []
json.loads('{"a": [1.5, 2, NaN]}', object_hook=seen.append, parse_float=seen.append,
           parse_int=seen.append, parse_constant=seen.append)
for v in seen:
    if type(v).__name__ not in ("str", "dict", "NoneType"):
        bad.append(v)
print(sorted(names))
if not bad:
    print("json surface ok")
else:
    print("bad", bad)
