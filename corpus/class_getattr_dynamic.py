# __getattr__ synthesising methods: get_<field>/set_<field> accessors built
# as closures, cached on the instance after the first lookup.
class Bean:
    def __init__(self, **fields):
        self.fields = fields
        self.lookups = 0

    def __getattr__(self, name):
        self.lookups += 1
        prefix, _, field = name.partition("_")
        if field not in self.fields:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        if prefix == "get":
            fn = lambda: self.fields[field]
        elif prefix == "set":
            def fn(value):
                self.fields[field] = value
                return self
        else:
            raise AttributeError(name)
        setattr(self, name, fn)  # safepy: ignore[SP305]
        return fn

b = Bean(name="ann", age=3)
print(b.get_name(), b.get_age(), b.lookups)
b.set_age(4).set_name("Ann")
print(b.get_age(), b.get_name(), b.lookups)
print(b.get_age(), b.lookups, hasattr(b, "get_weight"), hasattr(b, "get_name"))
try:
    b.del_name
except AttributeError as e:
    print("AttributeError:", e)
try:
    b.get_colour()
except AttributeError as e:
    print("AttributeError:", e)
