from dataclasses import make_dataclass, field, fields, asdict

P = make_dataclass("P", ["x", ("y", int), ("z", int, field(default=3))])
print(P(1, 2), P(1, 2, 4), P.__name__, P.__qualname__, P.__module__)
print([(f.name, f.type) for f in fields(P)])
print(P.__doc__)

Q = make_dataclass("Q", [("a", int)], bases=(P,), namespace={"double": lambda self: self.a * 2, "K": 5},
                   frozen=True, order=True)
q = Q(1, 2, 3, 4)
print(q, q.double(), Q.K, q < Q(1, 2, 3, 5))
print(asdict(q))

R = make_dataclass("R", [("a", int, 1)])
print(R())
for spec in (["1x"], ["class"], ["a", "a"], [("a",)], [("a", int, 1, 2)], [5], [("a", int), ("a", str)]):
    try:
        make_dataclass("Bad", spec)
    except TypeError as e:
        print("TypeError:", e)
S = make_dataclass("S", [("v", int)], init=False, repr=False, eq=False)
s = S()
print(hasattr(s, "v"), repr(s).startswith("<types.S object"), s == S())
T = make_dataclass("T", [], namespace={"__repr__": lambda self: "T!"})
print(T())
U = make_dataclass("U", (("a", int),), kw_only=True, unsafe_hash=True)
print(U(a=1), hash(U(a=1)) == hash((1,)))
