# dir(), getattr/setattr/hasattr/delattr on user objects with computed names.
class Config:
    debug = False
    level = 1
    def __init__(self):
        self.name = "app"
        self.port = 8080
    def show(self):
        return f"{self.name}:{self.port}"

c = Config()
names = [n for n in dir(c) if not n.startswith("__")]  # safepy: ignore[SP306]
print(names)
print([n for n in dir(Config) if not n.startswith("__")])  # safepy: ignore[SP306]
for key in ("name", "port", "debug", "missing"):
    print(key, hasattr(c, key), getattr(c, key, "-"))  # safepy: ignore[SP305]
setattr(c, "port", 9090)
setattr(c, "new_field", [1, 2])
print(c.port, c.new_field, c.show())
method = getattr(c, "show")
print(method())
delattr(c, "new_field")
print(hasattr(c, "new_field"))
try:
    delattr(c, "new_field")
except AttributeError as e:
    print("AttributeError:", e)
try:
    getattr(c, "nothing")
except AttributeError as e:
    print("AttributeError:", e)
try:
    getattr(c, 5)
except TypeError as e:
    print("TypeError:", e)
updates = {"debug": True, "level": 3}
for k, v in updates.items():
    setattr(c, k, v)  # safepy: ignore[SP305]
print(c.debug, c.level, Config.debug, Config.level)
print("__init__" in dir(c), "show" in dir(Config), dir(c) == sorted(dir(c)))  # safepy: ignore[SP306]
