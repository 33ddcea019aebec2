a = [3, 1, 2]
a.append(4)
print(a)
a.extend([5, 6])
a.extend((7,))
a.extend('ab')
print(a)
a.insert(0, 'first')
a.insert(-1, 'before-last')
a.insert(100, 'end')
print(a)
print(a.pop(), a.pop(0), a.pop(-2), a)
print(a.index(2), a.index('a'))
a.reverse()
print(a)
b = [5, 2, 9, 1, 5, 6]
b.sort()
print(b)
b.sort(reverse=True)
print(b)
c = ['pear', 'Apple', 'fig', 'apple']
c.sort()
print(c)
print(b.append(0), b.sort(), b.reverse())
print(b)
r = []
for i in range(5):
    r.append(i * i)
print(r, len(r))
