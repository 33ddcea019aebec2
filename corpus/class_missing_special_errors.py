class V: pass
v = V()
try:
    v += 1
except TypeError as e:
    print(e)
try:
    v < 1
except TypeError as e:
    print(e)
try:
    -v
except TypeError as e:
    print(e)
try:
    len(v)
except TypeError as e:
    print(e)
try:
    v[0]
except TypeError as e:
    print(e)
try:
    v()
except TypeError as e:
    print(e)
try:
    iter(v)
except TypeError as e:
    print(e)
try:
    hash([])
except TypeError as e:
    print(e)
print(bool(v), v == v, v != V())
