# namedtuple subclasses with classmethod constructors, validation in __new__,
# computed properties and ordering by the tuple fields.
from collections import namedtuple

class RGB(namedtuple("RGB", "r g b")):
    __slots__ = ()
    def __new__(cls, r, g, b):
        for v in (r, g, b):
            if not 0 <= v <= 255:
                raise ValueError(f"component {v} out of range")
        return super().__new__(cls, r, g, b)
    @classmethod
    def from_hex(cls, text):
        text = text.lstrip("#")
        return cls(*(int(text[i:i + 2], 16) for i in (0, 2, 4)))
    @property
    def hex(self):
        return "#" + "".join(f"{v:02x}" for v in self)
    @property
    def brightness(self):
        return round((self.r * 299 + self.g * 587 + self.b * 114) / 1000)
    def mix(self, other):
        return RGB(*((a + b) // 2 for a, b in zip(self, other)))

red, teal = RGB(255, 0, 0), RGB.from_hex("#008080")
print(red, teal, teal.hex, red.brightness, teal.brightness)
print(red.mix(teal), sorted([teal, red, RGB(0, 0, 0)]), red._replace(g=255).hex)
print(red._asdict(), RGB._fields, red == (255, 0, 0), max([red, teal], key=lambda c: c.brightness))
try:
    RGB(0, 300, 0)
except ValueError as e:
    print("ValueError:", e)
