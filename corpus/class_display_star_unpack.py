# Polymorphism through duck typing and overriding: a list of different
# classes handled by one loop, hasattr-based optional capabilities and
# template methods calling hooks.
class Report:
    def render(self):
        return "\n".join([self.header(), *self.body(), self.footer()])
    def header(self):
        return f"== {self.title} =="
    def footer(self):
        return "-" * (len(self.title) + 6)
    def body(self):
        return []

class Sales(Report):
    title = "sales"
    def __init__(self, figures):
        self.figures = figures
    def body(self):
        return [f"{k}: {v}" for k, v in self.figures.items()]

class Empty(Report):
    title = "empty"

class Alert(Report):
    title = "ALERT"
    def header(self):
        return "!! " + super().header() + " !!"
    def body(self):
        return ["disk almost full"]
    def severity(self):
        return 3

for r in [Sales({"q1": 10, "q2": 12}), Empty(), Alert()]:
    print(r.render())
    if hasattr(r, "severity"):
        print("severity", r.severity())

class Duck:
    def speak(self): return "quack"
class Robot:
    def speak(self): return "beep"
class Rock:
    pass
for thing in (Duck(), Robot(), Rock()):
    speak = getattr(thing, "speak", None)
    print(type(thing).__name__, speak() if speak else "(silent)")
