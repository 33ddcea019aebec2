# Walking JSON-shaped data (dicts, lists, scalars) with mapping patterns.
events = [
    {"type": "click", "pos": {"x": 10, "y": 20}, "button": "left"},
    {"type": "click", "pos": {"x": 0, "y": 0}},
    {"type": "key", "key": "Enter", "mods": ["ctrl", "shift"]},
    {"type": "key", "key": "a", "mods": []},
    {"type": "scroll", "delta": -3, "extra": True, "source": "wheel"},
    {"type": "resize", "size": [800, 600]},
    {"type": "resize", "size": [800, 600, 2]},
    {"kind": "legacy"},
    ["not", "a", "dict"],
    {"type": "batch", "items": [{"type": "key", "key": "b", "mods": []}, {"type": "noop"}]},
]


def describe(ev, depth=0):
    pad = "  " * depth
    match ev:
        case {"type": "click", "pos": {"x": 0, "y": 0}}:
            print(pad + "click at origin")
        case {"type": "click", "pos": {"x": x, "y": y}, "button": str(b)}:
            print(pad + f"{b} click at {x},{y}")
        case {"type": "key", "key": k, "mods": [_, *_] as mods}:
            print(pad + "key " + "+".join(mods + [k]))
        case {"type": "key", "key": k}:
            print(pad + "plain key", k)
        case {"type": "scroll", "delta": int(d), **rest} if d < 0:
            print(pad + f"scroll up {-d}, other fields {sorted(rest)}")
        case {"type": "resize", "size": [w, h]}:
            print(pad + f"resize to {w}x{h}")
        case {"type": "batch", "items": list(items)}:
            print(pad + f"batch of {len(items)}")
            for item in items:
                describe(item, depth + 1)
        case {"type": t}:
            print(pad + "unhandled type", t)
        case {}:
            print(pad + "dict without type:", ev)
        case _:
            print(pad + "not an event:", ev)


for ev in events:
    describe(ev)


def config_value(cfg, key):
    match cfg.get(key):
        case None:
            return "missing"
        case True | False as flag:
            return f"flag {flag}"
        case int() | float() as num if num >= 0:
            return f"number {num}"
        case str() as s if s:
            return f"text {s!r}"
        case [] | {}:
            return "empty container"
        case [*items]:
            return f"list of {len(items)}"
        case {"enabled": enabled, **others}:
            return f"section enabled={enabled} others={others}"
        case other:
            return f"other {other!r}"


cfg = {"debug": True, "port": 8080, "ratio": 0.5, "name": "srv", "empty": "", "neg": -1,
       "hosts": ["a", "b"], "none": [], "db": {"enabled": False, "url": "x", "pool": 4}, "z": {}}
for key in ["debug", "port", "ratio", "name", "empty", "neg", "hosts", "none", "db", "z", "nope"]:
    print(key, "->", config_value(cfg, key))
