# vars() and __dict__ of user instances and classes (refused by SP203/SP301
# at check time today).
class P:
    kind = "point"
    def __init__(self, x, y):
        self.x, self.y = x, y
p = P(1, 2)
print(vars(p), p.__dict__)  # safepy: ignore[SP310,SP311]
p.__dict__["z"] = 3  # safepy: ignore[SP310]
print(p.z, sorted(vars(p)))  # safepy: ignore[SP311]
print("kind" in P.__dict__, "x" in P.__dict__)  # safepy: ignore[SP310]
print({k: v for k, v in vars(p).items() if k != "z"})  # safepy: ignore[SP311]
