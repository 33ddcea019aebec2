# with blocks inside generators: __exit__ runs when the generator finishes,
# when it is closed early, and when the loop breaks and it is closed.
class Res:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print(f"  open {self.name}")
        return self
    def __exit__(self, et, ev, tb):
        print(f"  close {self.name} ({et.__name__ if et else 'ok'})")

def lines(name, n):
    with Res(name):
        for i in range(n):
            yield f"{name}:{i}"

print(list(lines("a", 2)))
g = lines("b", 5)
print(next(g), next(g))
g.close()
print("after close")
for line in lines("c", 10):
    if line.endswith("1"):
        break
print("after break")
h = lines("d", 3)
print(next(h))
try:
    h.throw(ValueError("injected"))
except ValueError as e:
    print("ValueError:", e)
