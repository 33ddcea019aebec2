# random.choice asks len() twice, as CPython's seq[self._randbelow(len(seq))]
import random


class S:
    def __init__(self, n):
        self.n = n
        self.calls = 0

    def __len__(self):
        self.calls += 1
        return self.n + self.calls

    def __getitem__(self, i):
        return i


random.seed(11)
s = S(3)
print([random.choice(s) for _ in range(5)], s.calls)


class Empty:
    def __len__(self):
        return 0


try:
    random.choice(Empty())
except IndexError as e:
    print("IndexError:", e)
try:
    random.choice(S(-5))
except ValueError as e:
    print("ValueError:", e)
