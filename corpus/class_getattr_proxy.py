# A delegating proxy built on __getattr__, counting forwarded lookups.
class Proxy:
    def __init__(self, target):
        self._target = target
        self.calls = 0

    def __getattr__(self, name):
        self.calls += 1
        return getattr(self._target, name)  # safepy: ignore[SP305]

    def __len__(self):
        return len(self._target)

p = Proxy([3, 1, 2])
p.append(0)
p.sort()
print(p._target, len(p), p.calls)
print(p.count(1), p.index(2), p.calls)
try:
    p.nope
except AttributeError as e:
    print("AttributeError:", e)

class Defaults:
    color = "red"
    def __getattr__(self, name):
        if name.startswith("opt_"):
            return name[4:].upper()
        raise AttributeError(name)

d = Defaults()
print(d.color, d.opt_size, d.opt_x)
d.opt_size = "given"
print(d.opt_size)
print(getattr(d, "opt_q"), getattr(d, "nothing", None))
try:
    d.other
except AttributeError as e:
    print("AttributeError:", e)
