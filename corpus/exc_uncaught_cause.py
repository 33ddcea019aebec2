# Uncaught exception with an explicit cause raised inside a method; the
# traceback shows both parts and the cause's frames.
class ConfigError(Exception):
    pass

class Config:
    def __init__(self, raw):
        self.raw = raw

    def get_int(self, key):
        value = self.raw[key]
        try:
            return int(value)
        except ValueError as e:
            raise ConfigError(f"{key} must be an integer") from e

cfg = Config({"port": "80", "workers": "four"})
print(cfg.get_int("port"))
cfg.get_int("workers")
