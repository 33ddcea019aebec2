import json
class P:
    def __init__(self, x, y):
        self.x, self.y = x, y
def enc(o):
    if isinstance(o, P):
        return {"x": o.x, "y": o.y}
    if isinstance(o, set):
        return sorted(o)
    if isinstance(o, complex):
        return [o.real, o.imag]
    raise TypeError("no " + type(o).__name__)
print(json.dumps([P(1, 2), {3, 1, 2}, 1 + 2j], default=enc))
print(json.dumps({"p": P(P(1, 2), [P(3, 4)])}, default=enc, indent=1))
print(json.dumps(P(1, 2), default=lambda o: "P"))
for v in [object(), {1, 2}, b"bytes", 1j, P(1, 2), range(3), print]:
    try:
        json.dumps(v)
    except TypeError as e:
        print("TypeError:", e)
try:
    json.dumps([P(1, 2), object()], default=enc)
except TypeError as e:
    print("TypeError:", e)
print(json.dumps([1, P(0, 0)], default=lambda o: [o.x, None]))
print(json.dumps(P(1, 2), default=lambda o: o.x if o.x < 5 else None))
