import json
class MyInt(int):
    def __repr__(self): return "MyInt!"
    def __str__(self): return "str!"
class MyFloat(float):
    def __repr__(self): return "MyFloat!"
class MyStr(str):
    def __str__(self): return "nope"
class MyList(list):
    def __iter__(self): return iter([99])
    def __len__(self): return 0
class MyTuple(tuple): pass
class MyDict(dict):
    def items(self): return [("fake", 1)]
class LenDict(dict):
    def __len__(self): return 0
import collections
vals = [MyInt(5), MyFloat(2.5), MyStr("s"), MyList([1, 2]), MyTuple((1, 2)), MyDict(a=1), LenDict(a=1),
        collections.OrderedDict([("z", 1), ("a", 2)]), collections.defaultdict(int, {"k": 1}),
        collections.Counter("aab"), True, MyInt(-7)]
for v in vals:
    print(type(v).__name__, json.dumps(v), json.dumps(v, indent=1).replace("\n", "|"), json.dumps([v]))
print(json.dumps({MyInt(3): MyFloat(1.0), MyStr("k"): MyTuple()}))
print(json.dumps(MyDict(a=1), sort_keys=True))
class BadItems(dict):
    def items(self): return [1, 2]
for kw in [{}, {"indent": 1}]:
    try:
        json.dumps(BadItems(a=1), **kw)
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
