class G:
    def __getitem__(self, k): return k
    def __setitem__(self, k, v): print("set", k, v)
    def __delitem__(self, k): print("del", k)
g = G()
g[1:2, ::3] = 5
del g[:, 0]
print(g[:, :], g[1:, 2:3, ...])
try:
    g[0:1, 2] += 1
except TypeError as e:
    print(e)
x = [1, 2, 3]
try:
    x[1:2, 0]
except TypeError as e:
    print(e)
try:
    x[1:2, 0] = 3
except TypeError as e:
    print(e)
print(g[lambda: 1, 2:][1])
