# args: --timeout 1
# expect: exit=3 stderr="time limit" stdout="start" seconds=12
# Finalizers that resurrect their object, endlessly: each runs once per
# object, memory stays bounded, the time limit ends the run.
keep = []
class R:
    def __del__(self):
        keep.append(self)
        if len(keep) > 1000:
            keep.clear()

print("start")
while True:
    R()
