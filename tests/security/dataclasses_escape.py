# args: --allow-module dataclasses --timeout 60
# expect: exit=0 stdout="no escape"
# The methods @dataclass generates, the Field objects, the decorator and the
# module's sentinels: no attribute chain from them (computed names, so the
# lint does not stop it first) reaches a module object, a function's
# globals or the builtins.
import dataclasses
from dataclasses import dataclass, field, fields, make_dataclass, InitVar


@dataclass(frozen=True, order=True, unsafe_hash=False)
class P:
    x: int = 0
    y: list = field(default_factory=list, metadata={"k": 1})


@dataclass
class Q:
    a: int
    iv: InitVar[int] = 0

    def __post_init__(self, iv):
        pass


M = make_dataclass("M", ["a"], namespace={"f": lambda self: 1})
names = ["__glo" + "bals__", "__builti" + "ns__", "__clo" + "sure__", "__co" + "de__", "__self__", "__func__",
         "__objclass__", "__dict__", "__wrapped__", "__class__", "__base" + "s__", "__mr" + "o__",
         "__subcl" + "asses__", "__module__", "__defaults__", "__kwdefaults__", "__reduce_ex__",
         "__init__", "__repr__", "__eq__", "__setattr__", "__hash__", "default_factory", "metadata",
         "__dataclass_fields__", "__dataclass_params__", "type", "__set_name__", "__class_getitem__"]
roots = [P, P(1), Q, Q(1), M, M(1), P.__init__, P(1).__init__, P.__repr__, P.__eq__, P.__lt__, P.__hash__,
         P.__setattr__, P.__delattr__, Q.__init__, fields(P)[0], fields(P)[1], P.__dataclass_params__,
         dataclasses.field, dataclasses.dataclass, dataclasses.MISSING, dataclasses.KW_ONLY,
         dataclasses.InitVar(int), dataclass(eq=False), dataclasses.Field, dataclasses.FrozenInstanceError,
         dataclasses.fields, dataclasses.asdict, dataclasses.replace, dataclasses.make_dataclass]
found = []
seen = set()


def walk(o, depth, path):
    kind = type(o).__name__
    if kind == "module" and o is not dataclasses:
        found.append(path)
    if kind in ("dict", "mappingproxy") and ("__import__" in o or "open" in o or "__name__" in o):
        found.append(path)
    if depth == 0 or id(o) in seen:
        return
    seen.add(id(o))
    for n in names:
        try:
            v = getattr(o, n)
        except Exception:
            continue
        walk(v, depth - 1, path + "." + n)
    if isinstance(o, (tuple, list)):
        for i, v in enumerate(o[:20]):
            walk(v, depth - 1, path + "[%d]" % i)


for i, r in enumerate(roots):
    walk(r, 3, "root%d" % i)
print(found)
if not found:
    print("no escape")
