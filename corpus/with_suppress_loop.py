# A suppressing context manager inside a loop: suppressed errors skip the
# rest of the body but the loop continues; the manager records what it saw.
class Skip:
    def __init__(self, *kinds):
        self.kinds = kinds
        self.skipped = []
    def __enter__(self):
        return self
    def __exit__(self, et, ev, tb):
        if et is not None and issubclass(et, self.kinds):
            self.skipped.append(str(ev))
            return True
        return False

skip = Skip(KeyError, ValueError)
prices = {"apple": 3, "pear": 5}
total = 0
for line in ["apple 2", "kiwi 1", "pear x", "pear 1", "apple 1"]:
    with skip:
        name, qty = line.split()
        total += prices[name] * int(qty)
        print("added", line)
print(total, skip.skipped)
try:
    for line in ["apple 1", "broken"]:
        with skip:
            name, qty = line.split()
            print("ok", name)
except Exception as e:
    print("escaped?", e)
print(skip.skipped[-1])
