# vars() and __dict__ of user instances and classes (refused by SP203/SP301
# at check time today).
class P:
    kind = "point"
    def __init__(self, x, y):
        self.x, self.y = x, y
p = P(1, 2)
print(vars(p), p.__dict__)
p.__dict__["z"] = 3
print(p.z, sorted(vars(p)))
print("kind" in P.__dict__, "x" in P.__dict__)
print({k: v for k, v in vars(p).items() if k != "z"})
