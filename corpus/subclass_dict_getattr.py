# Subclassing dict: attribute-style access through __getattr__/__setattr__,
# added methods, and what the dict operations keep.
class AttrDict(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None
    def __setattr__(self, name, value):
        self[name] = value
    def merged(self, **more):
        out = AttrDict(self)
        out.update(more)
        return out

cfg = AttrDict(host="localhost")
cfg.port = 8080
print(cfg.host, cfg.port, cfg, sorted(cfg.keys()))
try:
    cfg.missing
except AttributeError as e:
    print("AttributeError:", e)
m = cfg.merged(debug=True)
print(m, type(m).__name__, m.debug, "debug" in cfg)
print(isinstance(cfg, dict), len(cfg), cfg.get("nope", 0), dict(cfg) == cfg)
print(type(cfg.copy()).__name__, type(dict(cfg)).__name__)
cfg.update(port=1)
print(cfg.pop("port"), cfg, list(cfg.items()))

class Counter(dict):
    def add(self, key, n=1):
        self[key] = self.get(key, 0) + n
        return self
    def top(self):
        return max(self.items(), key=lambda kv: kv[1])

c = Counter()
for w in "the cat and the hat and the bat".split():
    c.add(w)
print(c, c.top(), c["the"])
