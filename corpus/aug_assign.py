x = 10
x += 5
print(x)
x -= 3
print(x)
x *= 4
print(x)
x //= 5
print(x)
x %= 4
print(x)
x **= 10
print(x)
x **= 10
print(x)
x //= -7
print(x)
x %= 1000
print(x)
x /= 4
print(x)
x -= 0.5
print(x)
f = 2.5
f **= 2
print(f)
f //= 2
print(f)
f %= 1.5
print(f)
s = 'ab'
s += 'cd'
print(s)
s *= 3
print(s)
lst = [1]
alias = lst
lst += [2, 3]
print(lst, alias, lst is alias)
lst *= 2
print(lst, alias)
lst2 = lst
lst2 = lst2 + [99]
print(lst, lst2)
t = (1,)
t += (2,)
print(t)
d = {'n': 1}
d['n'] += 10
d['n'] *= 3
print(d)
a = [[0], [1]]
a[1] += [5]
a[0][0] -= 7
print(a)
big = 1
big *= 2 ** 64
big -= 1
print(big)
big += -big - 1
print(big)
