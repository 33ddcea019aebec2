# __repr__, __str__ and __format__: which one print, str(), repr(), f-strings,
# containers and format() call.
class Temp:
    def __init__(self, deg):
        self.deg = deg
    def __repr__(self):
        return f"Temp({self.deg!r})"
    def __str__(self):
        return f"{self.deg} C"
    def __format__(self, spec):
        if spec == "f":
            return f"{self.deg * 9 / 5 + 32:.1f} F"
        if spec == "":
            return str(self)
        return format(self.deg, spec)

t = Temp(21.5)
print(t)
print(repr(t))
print(str(t))
print([t, t])
print({"t": t})
print((t,))
print(f"{t}")
print(f"{t!r}")
print(f"{t!s}")
print(f"{t:f}")
print(f"{t:>8.2f}|")
print(format(t, "f"))
print("%s and %r" % (t, t))

class OnlyRepr:
    def __repr__(self):
        return "<OnlyRepr>"

o = OnlyRepr()
print(o, str(o), f"{o}")

class OnlyStr:
    def __str__(self):
        return "only-str"

print(OnlyStr(), f"{OnlyStr()}")
try:
    format(OnlyStr(), "d")
except TypeError as e:
    print("TypeError:", e)
