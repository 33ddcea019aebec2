# An elevator simulation: a controller class with a request queue, direction
# as class constants, a step() state machine, an event log through a
# decorator, and an out-of-range floor error.
class FloorError(ValueError):
    pass

def logged(fn):
    def wrapper(self, *args):
        before = (self.floor, self.direction)
        result = fn(self, *args)
        if (self.floor, self.direction) != before:
            self.log.append(f"t={self.t}: {before[0]}{before[1]} -> {self.floor}{self.direction}")
        return result
    return wrapper

class Elevator:
    UP, DOWN, IDLE = "^", "v", "-"

    def __init__(self, floors):
        self.floors = floors
        self.floor, self.direction, self.t = 0, Elevator.IDLE, 0
        self.requests = []
        self.log = []
        self.served = []

    def call(self, floor):
        if not 0 <= floor < self.floors:
            raise FloorError(f"floor {floor} does not exist (0..{self.floors - 1})")
        if floor not in self.requests:
            self.requests.append(floor)

    @logged
    def step(self):
        self.t += 1
        if self.floor in self.requests:
            self.requests.remove(self.floor)
            self.served.append((self.t, self.floor))
            return
        if not self.requests:
            self.direction = Elevator.IDLE
            return
        above = [f for f in self.requests if f > self.floor]
        below = [f for f in self.requests if f < self.floor]
        if self.direction != Elevator.DOWN and above:
            self.direction = Elevator.UP
        elif below:
            self.direction = Elevator.DOWN
        else:
            self.direction = Elevator.UP
        self.floor += 1 if self.direction == Elevator.UP else -1

    def run(self, limit=50):
        while (self.requests or self.direction != Elevator.IDLE) and self.t < limit:
            self.step()
        return self.served

e = Elevator(6)
for f in (3, 1, 5):
    e.call(f)
e.step(); e.step()
e.call(0)
print(e.run())
print(e.log[:4], len(e.log), e.floor, e.direction)
try:
    e.call(9)
except FloorError as err:
    print("FloorError:", err)
