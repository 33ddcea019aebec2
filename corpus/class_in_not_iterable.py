# `in` on an object without __contains__, __iter__ or __getitem__.
class Adder:
    def __call__(self, x):
        return x
try:
    1 in Adder()
except TypeError as e:
    print("TypeError:", e)
1 in Adder()
