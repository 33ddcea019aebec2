s = 'hello'
t = "world"
print(s + ' ' + t)
print(s * 3, 3 * s, s * 0, s * -2, '' * 5)
print(len(s), len(''), len('a b c'))
print(s[0], s[4], s[-1], s[-5])
print(s[1:3], s[:2], s[2:], s[:], s[-3:], s[:-3], s[-3:-1])
print(s[::2], s[::-1], s[1::2], s[4:0:-1], s[4:0:-2], s[::-2])
print(s[10:], s[3:1], s[-100:100], s[100:], s[:-100])
print('ell' in s, 'xyz' in s, '' in s, 'h' not in s)
print('abc' < 'abd', 'abc' < 'ab', 'Z' < 'a', 'a' == 'a', 'a' != 'b', '' < 'a')
print('apple' <= 'apple', 'b' > 'abc', 'abc' >= 'abc')
print(repr(s), str(s), repr(''), type(s))
