# a subscript with many indices is a tuple key; adjacent strings of any count
class M:
    def __getitem__(self, k):
        return k
m = M()
print(m[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
print(m[0:1, ::2, ..., None, 1:, :-1, "a", (1,), [2], 3, 4, 5, 6, 7, 8, 9, 10])
print(m[1,], m[(1,)], m[1, 2,], m[()])
d = {}
d[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17] = "many"
print(d)
s = ("a" "b" "c" "d" "e" "f" "g" "h" "i" "j" "k" "l" "m" "n" "o" "p" "q" "r" "s" "t"
     "a" "b" "c" "d" "e" "f" "g" "h" "i" "j" "k" "l" "m" "n" "o" "p" "q" "r" "s" "t"
     f"{1 + 1}" "x" f"{'y'!r}")
print(s, len(s))
try:
    m[1, 2, 3][5]
except IndexError as e:
    print("IndexError:", e)
