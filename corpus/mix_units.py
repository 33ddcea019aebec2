# Unit-aware quantities: dimension checks on + and -, multiplication and
# division combining dimensions, conversions, comparisons and formatting.
class DimensionError(TypeError):
    pass

class Q:
    UNITS = {"m": (1.0, "L"), "km": (1000.0, "L"), "cm": (0.01, "L"),
             "s": (1.0, "T"), "min": (60.0, "T"), "h": (3600.0, "T")}

    def __init__(self, value, dims):
        self.value = value
        self.dims = {k: v for k, v in dims.items() if v}

    @classmethod
    def of(cls, value, unit):
        factor, dim = cls.UNITS[unit]
        return cls(value * factor, {dim: 1})

    def _same(self, other):
        if not isinstance(other, Q):
            return NotImplemented
        if self.dims != other.dims:
            raise DimensionError(f"cannot combine {self.unit()} with {other.unit()}")
        return other

    def __add__(self, other):
        other = self._same(other)
        return Q(self.value + other.value, self.dims)

    def __sub__(self, other):
        return self + other * -1

    def __mul__(self, other):
        if isinstance(other, (int, float)):
            return Q(self.value * other, self.dims)
        dims = dict(self.dims)
        for k, v in other.dims.items():
            dims[k] = dims.get(k, 0) + v
        return Q(self.value * other.value, dims)

    __rmul__ = __mul__

    def __truediv__(self, other):
        if isinstance(other, (int, float)):
            return Q(self.value / other, self.dims)
        return self * Q(1 / other.value, {k: -v for k, v in other.dims.items()})

    def __eq__(self, other):
        return isinstance(other, Q) and self.dims == other.dims and abs(self.value - other.value) < 1e-9

    def __lt__(self, other):
        self._same(other)
        return self.value < other.value

    def to(self, unit):
        factor, _ = self.UNITS[unit]
        return self.value / factor

    def unit(self):
        names = {"L": "m", "T": "s"}
        parts = [names[k] + ("" if v == 1 else f"^{v}") for k, v in sorted(self.dims.items())]
        return "*".join(parts) or "1"

    def __repr__(self):
        return f"{self.value:g} {self.unit()}"

d = Q.of(5, "km") + Q.of(250, "m")
t = Q.of(30, "min")
v = d / t
print(d, t, v, f"{v.value * 3.6:.2f} km/h")
print(d.to("km"), t.to("h"), Q.of(1, "h") == Q.of(60, "min"), Q.of(1, "cm") < Q.of(1, "m"))
print(v * t == d, (d * d).unit(), (d / d).unit(), 2 * t, sorted([Q.of(2, "m"), Q.of(1, "km"), Q.of(30, "cm")]))
for bad in (lambda: d + t, lambda: t < d):
    try:
        bad()
    except DimensionError as e:
        print("DimensionError:", e)
