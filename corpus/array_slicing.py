from array import array

a = array('i', range(10))
print(a[2:5], a[::2], a[::-3], a[-3:], a[5:2], a[100:], a[-100:2])
a[2:5] = array('i', [20, 30])
print(a)
a[0:0] = array('i', [-1, -2])
print(a)
a[::3] = array('i', [0] * len(a[::3]))
print(a)
del a[1:3]
print(a)
del a[::2]
print(a)
del a[::-1]
print(a, len(a))
b = array('d', [1.5, 2.5, 3.5])
b[:] = b
print(b)
b[1:1] = b
print(b)
b[-1] = 9
b[0] = True
print(b)
del b[0]
del b[-1]
print(b)
s = array('b', [1, 2, 3, 4, 5, 6])
s[1:5:2] = array('b', [9, 8])
print(s)
for bad in ([1, 2], array('i', [1]), array('b', [1, 2, 3])):
    try:
        s[::2] = bad
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ':', e)
for key in (6, -7, 'x', 1.0):
    try:
        s[key]
    except (IndexError, TypeError) as e:
        print(type(e).__name__ + ':', e)
    try:
        s[key] = 1
    except (IndexError, TypeError) as e:
        print(type(e).__name__ + ':', e)
    try:
        del s[key]
    except (IndexError, TypeError) as e:
        print(type(e).__name__ + ':', e)
class I:
    def __index__(self):
        return 2
print(s[I()], s[I():])
s[I()] = 100
print(s)
