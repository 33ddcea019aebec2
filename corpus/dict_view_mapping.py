# dict views' .mapping and the str of a mappingproxy
import collections
d = {"a": 1}
k = d.keys()
print(k.mapping, d.values().mapping, d.items().mapping["a"])
d["b"] = 2
print(k.mapping)
od = collections.OrderedDict(a=1)
print(type(od.keys().mapping).__name__, od.keys().mapping)
c = collections.Counter("aab")
print(c.items().mapping)
print(hasattr({}.keys(), "mapping"), "mapping" in dir({}.keys()))  # safepy: ignore[SP306]
class D(dict):
    pass
d = D(a=1)
print(d.keys().mapping, repr(d.values().mapping))
class C:
    x = 1
print(str(C.__dict__)[:20], repr(type(C.__dict__)))  # safepy: ignore[SP310]
