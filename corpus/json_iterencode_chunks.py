import json
objs = [{"a": 1, "b": [1, "x", None, True, 2.5, {"c": []}], "d": {}}, [[], {}, [1, [2]]], "s", 7, None,
        {"k": {"j": {"i": 1}}}, [{"a": 1}, {"b": 2}]]
for o in objs:
    for kw in [{}, {"indent": 2}, {"indent": 0, "sort_keys": True}, {"separators": (",", ":")}]:
        print(list(json.JSONEncoder(**kw).iterencode(o)))
class O: pass
print(list(json.JSONEncoder(default=lambda o: [1, {"z": 2}]).iterencode([O(), 3])))
print(list(json.JSONEncoder(skipkeys=True).iterencode({(1,): 1, "a": 2, (2,): 3, "b": 4})))
it = json.JSONEncoder().iterencode([1])
print(next(iter(it)))
