# A settings model built on user descriptors: fields with __set_name__,
# type coercion and defaults, a base class collecting the fields in
# __init_subclass__, and validation errors collected into one exception.
class Field:
    def __init__(self, kind, default=None, required=False):
        self.kind, self.default, self.required = kind, default, required
    def __set_name__(self, owner, name):
        self.name = name
        self.slot = "_f_" + name
    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return getattr(obj, self.slot, self.default)  # safepy: ignore[SP305]
    def __set__(self, obj, value):
        try:
            value = self.kind(value)
        except (TypeError, ValueError):
            raise TypeError(f"{self.name}: cannot convert {value!r} to {self.kind.__name__}") from None
        setattr(obj, self.slot, value)  # safepy: ignore[SP305]

class SettingsError(ValueError):
    pass

class Settings:
    def __init_subclass__(cls):
        cls.fields = [n for n in dir(cls) if isinstance(getattr(cls, n), Field)]  # safepy: ignore[SP305,SP306]
    def __init__(self, **values):
        problems = []
        for name in self.fields:
            field = getattr(type(self), name)  # safepy: ignore[SP305]
            if name in values:
                try:
                    setattr(self, name, values.pop(name))  # safepy: ignore[SP305]
                except TypeError as e:
                    problems.append(str(e))
            elif field.required:
                problems.append(f"{name}: required")
        problems += [f"{k}: unknown setting" for k in sorted(values)]
        if problems:
            raise SettingsError("; ".join(problems))
    def __repr__(self):
        return type(self).__name__ + "(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in self.fields) + ")"  # safepy: ignore[SP305]

class Server(Settings):
    host = Field(str, "localhost")
    port = Field(int, 8000)
    debug = Field(bool, False)
    name = Field(str, required=True)

print(Server.fields)
print(Server(name="api", port="9000"))
print(Server(name="w", debug=1, host="0.0.0.0"))
for bad in ({"port": "eighty"}, {"name": "x", "colour": "red", "port": []}):
    try:
        Server(**bad)
    except SettingsError as e:
        print("SettingsError:", e)
