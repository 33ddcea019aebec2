# a __lt__ or key that changes the list under bisect: IndexError, never a crash
import bisect

lst = []

class Evil:
    def __init__(self, v, act=None):
        self.v = v
        self.act = act
    def __lt__(self, other):
        if self.act == "clear":
            lst.clear()
        elif self.act == "grow":
            lst.insert(0, Evil(-1))
        elif self.act == "shrink" and lst:
            lst.pop()
        return self.v < other.v
    def __repr__(self):
        return f"E{self.v}"

for act in ["clear", "grow", "shrink", None]:
    for f in [bisect.bisect_left, bisect.bisect_right, bisect.insort_left, bisect.insort_right]:
        lst[:] = [Evil(v) for v in range(0, 40, 2)]
        try:
            r = f(lst, Evil(13, act))
            print(act, f.__name__, r, len(lst), lst[:4])
        except Exception as e:
            print(act, f.__name__, type(e).__name__, e, len(lst))

# the key empties the list
data = list(range(20))
def key(v):
    data.clear()
    return v
try:
    bisect.bisect_left(data, 5, key=key)
except IndexError as e:
    print("IndexError", e)
data = list(range(20))
try:
    bisect.insort(data, 5, key=key)
except IndexError as e:
    print("IndexError", e)
print(data)

# insort where x's key empties the list: the insert goes to the end of what is left
data = list(range(6))
def key2(v):
    if v == 99:
        del data[2:]
    return v
bisect.insort(data, 99, key=key2)
print(data)
