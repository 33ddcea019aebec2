# Temperature units as float subclasses: conversions, properties, sorting, dict keys.
class Celsius(float):
    """A temperature in degrees Celsius."""

    def to_fahrenheit(self):
        return Fahrenheit(self * 9 / 5 + 32)

    @property
    def kelvin(self):
        return self + 273.15

    def __repr__(self):
        return f"Celsius({float(self)!r})"

    def __str__(self):
        return f"{float(self):.1f}°C"


class Fahrenheit(float):
    def to_celsius(self):
        return Celsius((self - 32) * 5 / 9)

    def __repr__(self):
        return f"Fahrenheit({float(self)!r})"

    def __str__(self):
        return f"{float(self):.1f}°F"


readings = [Celsius(21.5), Celsius(-3.25), Celsius(37.0), Celsius(0)]
for r in readings:
    f = r.to_fahrenheit()
    print(f"{r} = {f} = {r.kelvin:.2f} K; back: {f.to_celsius()!r}")

print(sorted(readings))
print(max(readings), min(readings), sum(readings) / len(readings))
print(type(readings[0] + 1).__name__, type(-readings[0]).__name__, type(abs(readings[1])).__name__)
print(isinstance(readings[0], float), isinstance(readings[0], Celsius), issubclass(Fahrenheit, float))
print(readings[0] == 21.5, readings[0] > 20, hash(readings[0]) == hash(21.5))

by_temp = {r: str(r) for r in readings}
print(by_temp[21.5], by_temp[0.0], Celsius(0) in by_temp)
print(int(readings[0]), round(readings[0]), round(readings[1], 1), float(readings[2]))
print(format(readings[1], ".3f"), f"{readings[0]:>10.2f}|", "%.1f and %s" % (readings[2], readings[2]))
print(readings[0].is_integer(), readings[2].is_integer(), readings[0].as_integer_ratio())
print(Celsius("12.5"), Celsius(), repr(Celsius(1e-7)), Celsius.fromhex("0x1.8p1"))

hot = [r for r in readings if r > 30]
print(hot, [type(x).__name__ for x in hot])
readings[0].label = "office"
print(readings[0].label, vars(readings[0]))  # safepy: ignore[SP311]
try:
    Celsius("warm")
except ValueError as e:
    print("ValueError:", e)
