# @property with getter, setter and deleter; validation in the setter;
# read-only properties and their 3.11 messages.
class Celsius:
    def __init__(self, t=0.0):
        self.temperature = t

    @property
    def temperature(self):
        print("  get")
        return self._t

    @temperature.setter
    def temperature(self, value):
        print("  set", value)
        if value < -273.15:
            raise ValueError("below absolute zero")
        self._t = value

    @temperature.deleter
    def temperature(self):
        print("  delete")
        del self._t

    @property
    def fahrenheit(self):
        return self._t * 9 / 5 + 32

c = Celsius(25)
print(c.temperature, c.fahrenheit)
c.temperature += 5
print(c.fahrenheit)
try:
    c.temperature = -300
except ValueError as e:
    print("ValueError:", e)
try:
    c.fahrenheit = 3
except AttributeError as e:
    print("AttributeError:", e)
try:
    del c.fahrenheit
except AttributeError as e:
    print("AttributeError:", e)
del c.temperature
try:
    c.temperature
except AttributeError as e:
    print("AttributeError:", e)
print(type(Celsius.temperature).__name__, isinstance(Celsius.fahrenheit, property))
