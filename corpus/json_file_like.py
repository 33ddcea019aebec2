import json
class W:
    def __init__(self):
        self.parts = []
    def write(self, s):
        self.parts.append(s)
        return len(s)
class R:
    def __init__(self, s):
        self.s = s
        self.calls = 0
    def read(self):
        self.calls += 1
        return self.s
w = W()
json.dump({"a": [1, 2, {"b": None}], "c": "d"}, w)
print(w.parts)
w = W()
json.dump([1, {"x": [2, 3]}, [], {}], w, indent=2, sort_keys=True)
print(w.parts)
print("".join(w.parts))
w = W()
json.dump("str", w); json.dump(5, w); json.dump(None, w)
print(w.parts)
r = R('{"k": [1, 2.5, "v"]}')
print(json.load(r), r.calls)
print(json.load(R(b'[1]')), json.load(R('{"a": 1}'), object_hook=lambda d: list(d)))
w = W()
try:
    json.dump([1, 2, object(), 3], w)
except TypeError as e:
    print("TypeError:", e, w.parts)
class NoWrite: pass
try:
    json.dump([1], NoWrite())
except AttributeError as e:
    print("AttributeError:", e)
try:
    json.load(NoWrite())
except AttributeError as e:
    print("AttributeError:", e)
class Logger:
    def __init__(self): self.log = []
    def write(self, s): self.log.append(("w", s))
lg = Logger()
def dflt(o):
    lg.log.append(("default", type(o).__name__))
    return 0
json.dump([1, object(), [object()]], lg, default=dflt)
print(lg.log)
try:
    json.dump([1])
except TypeError as e:
    print("TypeError:", e)
class Chunky(json.JSONEncoder):
    def iterencode(self, o, _one_shot=False):
        yield "<"
        yield from super().iterencode(o, _one_shot)
        yield ">"
w = W()
json.dump({"a": 1}, w, cls=Chunky)
print(w.parts)
