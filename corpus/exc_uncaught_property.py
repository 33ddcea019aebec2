# Uncaught error raised inside a property getter reached from a method: the
# traceback includes the property frame.
class Sensor:
    def __init__(self, readings):
        self.readings = readings

    @property
    def average(self):
        return sum(self.readings) / len(self.readings)

    def report(self):
        return f"avg={self.average:.1f}"

print(Sensor([1, 2, 4]).report())
Sensor([]).report()
