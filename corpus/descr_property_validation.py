# Several validated properties on one class, a property built by a helper
# function (a property factory), and an aggregate property.
def bounded(name, lo, hi):
    attr = "_" + name
    def get(self):
        return getattr(self, attr)  # safepy: ignore[SP305]
    def set(self, value):
        if not lo <= value <= hi:
            raise ValueError(f"{name} must be in [{lo}, {hi}], got {value}")
        setattr(self, attr, value)  # safepy: ignore[SP305]
    return property(get, set)

class Color:
    r = bounded("r", 0, 255)
    g = bounded("g", 0, 255)
    b = bounded("b", 0, 255)
    alpha = bounded("alpha", 0.0, 1.0)

    def __init__(self, r, g, b, alpha=1.0):
        self.r, self.g, self.b, self.alpha = r, g, b, alpha

    @property
    def hex(self):
        return f"#{self.r:02x}{self.g:02x}{self.b:02x}"

    @hex.setter
    def hex(self, text):
        text = text.lstrip("#")
        self.r, self.g, self.b = (int(text[i:i + 2], 16) for i in (0, 2, 4))

c = Color(255, 128, 0)
print(c.hex, c.alpha)
c.hex = "#10a0ff"
print(c.r, c.g, c.b, c.hex)
for field, value in [("g", 300), ("alpha", 1.5), ("r", -1)]:
    try:
        setattr(c, field, value)  # safepy: ignore[SP305]
    except ValueError as e:
        print("ValueError:", e)
print(c.hex, isinstance(Color.r, property))
