# __setattr__ tracking which fields changed since the last save, with
# super().__setattr__ doing the storing.
class Entity:
    def __init__(self, **values):
        super().__setattr__("_dirty", set())
        for k, v in values.items():
            setattr(self, k, v)  # safepy: ignore[SP305]
        self._dirty.clear()

    def __setattr__(self, name, value):
        if getattr(self, name, None) != value:  # safepy: ignore[SP305]
            self._dirty.add(name)
        super().__setattr__(name, value)

    def save(self):
        changed = sorted(self._dirty)
        self._dirty.clear()
        return changed

class User(Entity):
    def rename(self, name):
        self.name = name.strip()

u = User(name="ann", email="a@x.org", age=30)
print(u.save())
u.age = 31
u.rename("  ann ")
u.email = "ann@x.org"
print(u.save(), u.name, u.age)
u.age = 31
print(u.save())
u.nickname = "A"
print(u.save(), u.nickname)
