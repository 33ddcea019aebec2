# Subclassing dict: __missing__ for defaults, attribute-style access, and a
# case-insensitive dict that overrides __setitem__/__getitem__/__contains__.
class Defaulting(dict):
    def __missing__(self, key):
        print(f"  missing {key!r}")
        value = self[key] = len(key)
        return value

d = Defaulting(a=1)
print(d["a"], d["hello"], d["hello"], d)
print(d.get("zzz"), "zzz" in d)

class AttrDict(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None
    def __setattr__(self, name, value):
        self[name] = value

cfg = AttrDict(host="localhost")
cfg.port = 8080
print(cfg.host, cfg.port, cfg, sorted(cfg.keys()))
try:
    cfg.missing
except AttributeError as e:
    print("AttributeError:", e)

class Caseless(dict):
    def __setitem__(self, k, v):
        super().__setitem__(k.lower(), v)
    def __getitem__(self, k):
        return super().__getitem__(k.lower())
    def __contains__(self, k):
        return super().__contains__(k.lower())

c = Caseless()
c["Content-Type"] = "text/plain"
c["ACCEPT"] = "*/*"
print(c["content-type"], "accept" in c, "Accept" in c, c)
print(len(c), list(c), isinstance(c, dict), type(c).__name__)
try:
    c["nope"]
except KeyError as e:
    print("KeyError:", e)
