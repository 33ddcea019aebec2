# args: --max-memory 64M
# expect: exit=3 stderr="memory limit" stdout="before" seconds=15
# A __del__ that allocates forever: the memory limit stops it (uncatchable,
# it propagates out of the finalizer) and the run ends with exit 3.
class Hog:
    def __del__(self):
        keep = []
        while True:
            keep.append("x" * 4096)

print("before")
Hog()
print("never printed")
