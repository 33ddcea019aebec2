# `as` targets that unpack, attributes and subscripts as targets, and the
# value bound even when the body raises.
class Pair:
    def __enter__(self):
        return ("left", "right")
    def __exit__(self, *a):
        return True

with Pair() as (l, r):
    print(l, r)
with Pair() as [first, *rest]:
    print(first, rest)

class Holder:
    pass
h = Holder()
slots = {}
with Pair() as h.value:
    pass
with Pair() as slots["k"]:
    pass
print(h.value, slots)

with Pair() as p:
    raise ValueError("suppressed")
print("p still bound:", p)
