print(1 and 2, 0 and 2, 1 or 2, 0 or 2, 0 or '', '' or 0, None or [], [] and 5)
print('a' and 'b', '' and 'b', 'a' or 'b', [1] or [2], {} or {'k': 1})
print(not 1 and 2, not (1 and 2), 0 or 0.0 or None, 1 and 2 and 3, 1 and 0 and 3)
def t(v):
    print('t', v)
    return v
print(t(0) and t(1))
print(t(1) and t(2))
print(t(1) or t(2))
print(t(0) or t(0.0) or t('z'))
x = 5
print(x > 3 and x < 10, x > 3 and 'big' or 'small', x < 3 and 'big' or 'small')
print(not not x, not not 0, (not x) == False)
