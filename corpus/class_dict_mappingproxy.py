# A class __dict__ / vars(cls) is a read-only mappingproxy over the live namespace.
class P:
    kind = "point"
    def __init__(self, x, y):
        self.x, self.y = x, y
    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
d = P.__dict__  # safepy: ignore[SP310]
print(type(d).__name__, "kind" in d, "x" in d, d["kind"], len(d) > 2)
print(sorted(k for k in vars(P) if not k.startswith("__")))  # safepy: ignore[SP311]
P.extra = 5
print("extra" in d, d.get("extra"), d.get("nope", 0))
print([k for k, v in P.__dict__.items() if callable(v)])  # safepy: ignore[SP310]
print(isinstance(d, dict), dict(d)["kind"], d == dict(d), d.copy()["kind"])
try:
    d["x"] = 1
except TypeError as e:
    print("TypeError:", e)
try:
    d.update({})
except AttributeError as e:
    print("AttributeError:", e)
class Q(P):
    "A Q."
    def norm(self):
        return 0
print(sorted(vars(Q)), Q.__doc__, P.__doc__)  # safepy: ignore[SP311]
print(list(P.__dict__.keys())[:2], P.__dict__["norm"](P(3, 4)))  # safepy: ignore[SP310]
for name in sorted(k for k in dir(Q) if not k.startswith("_")):  # safepy: ignore[SP306]
    print(name, type(getattr(Q, name)).__name__)  # safepy: ignore[SP305]
