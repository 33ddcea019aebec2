def pad(s, width):
    while len(s) < width:
        s = ' ' + s
    return s
def to_base(n, b):
    digits = '0123456789abcdefghijklmnopqrstuvwxyz'
    if n == 0:
        return '0'
    neg = n < 0
    if neg:
        n = -n
    out = ''
    while n > 0:
        out = digits[n % b] + out
        n //= b
    if neg:
        out = '-' + out
    return out
for n in [0, 5, 255, -255, 2 ** 64, 10 ** 20 + 1]:
    print(pad(to_base(n, 2), 70))
    print(pad(to_base(n, 16), 70), to_base(n, 36))
def rev(s):
    out = ''
    for ch in s:
        out = ch + out
    return out
print(rev('hello wörld 😀'), rev(''))
def is_pal(s):
    return s == s[::-1]
print(is_pal('racecar'), is_pal('abc'), is_pal(''), is_pal('aé a'), is_pal('日本日'))
