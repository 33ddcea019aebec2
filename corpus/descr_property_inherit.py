# Properties inherited, overridden, and extended with a setter in a subclass
# using the parent's getter.
class Base:
    def __init__(self):
        self._level = 1
    @property
    def level(self):
        return self._level
    @property
    def name(self):
        return "base"

class Editable(Base):
    @Base.level.setter
    def level(self, value):
        if not 1 <= value <= 10:
            raise ValueError(f"level {value} out of range")
        self._level = value
    @property
    def name(self):
        return "editable:" + super().name

b, e = Base(), Editable()
e.level = 7
print(b.level, e.level, b.name, e.name)
try:
    b.level = 3
except AttributeError as err:
    print("AttributeError:", err)
try:
    e.level = 11
except ValueError as err:
    print("ValueError:", err)
print(e.level)

class Shadow(Base):
    level = 42

print(Shadow().level, Base().level)
