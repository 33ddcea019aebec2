# A case-insensitive configuration store built on UserDict, as a model might write it
from collections import UserDict


class Config(UserDict):
    """Settings with case-insensitive keys, typed defaults and change tracking."""

    DEFAULTS = {"host": "localhost", "port": 8080, "debug": False}

    def __init__(self, *args, **kwargs):
        self.changed = []
        super().__init__(self.DEFAULTS)
        self.changed.clear()
        self.update(*args, **kwargs)

    @staticmethod
    def _norm(key):
        if not isinstance(key, str):
            raise TypeError(f"config keys must be str, not {type(key).__name__}")
        return key.strip().lower()

    def __setitem__(self, key, value):
        key = self._norm(key)
        default = self.DEFAULTS.get(key)
        if default is not None and not isinstance(value, type(default)):
            value = type(default)(value)
        if self.data.get(key, object()) != value:
            self.changed.append(key)
        super().__setitem__(key, value)

    def __getitem__(self, key):
        return super().__getitem__(self._norm(key))

    def __delitem__(self, key):
        super().__delitem__(self._norm(key))

    def __contains__(self, key):
        return isinstance(key, str) and self._norm(key) in self.data

    def __missing__(self, key):
        raise KeyError(f"no setting named {key!r}")

    def as_lines(self):
        return [f"{k} = {v!r}" for k, v in sorted(self.items())]


cfg = Config({"HOST": "example.org"}, Port="9000", Debug=True)
print(cfg)
print(cfg["host"], cfg["PORT"] + 1, cfg.get("Debug"), cfg.get("missing", "n/a"), "Host" in cfg, 5 in cfg)
cfg.setdefault("Timeout", 30)
cfg.update([("timeout", 45)], user="admin")
print(cfg.changed)
for line in cfg.as_lines():
    print(line)
try:
    cfg["nothing"]
except KeyError as e:
    print("KeyError:", e)
try:
    cfg[1] = "x"
except TypeError as e:
    print("TypeError:", e)
try:
    cfg["port"] = "eighty"
except ValueError as e:
    print("ValueError:", e)
backup = cfg.copy()
del cfg["USER"]
print(cfg.pop("timeout"), len(cfg), len(backup), type(backup).__name__, backup.changed == cfg.changed)
print(sorted(backup.keys() - cfg.keys()), cfg == {"host": "example.org", "port": 9000, "debug": True})
merged = cfg | {"Extra": 1}
print(type(merged).__name__, merged, merged.changed)
