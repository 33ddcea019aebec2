a = 'abc'
b = a
b = b + 'def'
print(a, b)
s = ''
for ch in 'xyz':
    s = s + ch + ch
print(s, len(s))
n = 0
for ch in 'mississippi':
    if ch == 's':
        n += 1
print(n)
print('a' * 3 + 'b' * 2, ('ab' + 'cd') * 2)
print('abc' == 'abc', 'abc' != 'ABC')
print(str(123) + str(4.5) + str(None) + str(True) + str([1, 'a']))
print(repr('x') + repr(1), str('y'))
print(max('hello'), min('hello'), sorted('banana'))
print(max('apple', 'banana', 'cherry'), min('b', 'a', 'c'))
