# set and frozenset errors, with CPython's messages
def attempt(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)


def t1():
    return {[1, 2]}
def t2():
    return hash({1})
def t3():
    return {1: 2}[{1}] if False else {{1}: 2}
def t4():
    s = {1}
    s.remove(5)
def t5():
    s = set()
    return s.pop()
def t6():
    return {1} | [1]
def t7():
    s = {1}
    s |= [2]
    return s
def t8():
    return {1} + {2}
def t9():
    return {1} < [1]
def t10():
    s = {1, 2, 3}
    for x in s:
        s.add(x + 10)
def t11():
    s = {1, 2, 3}
    for x in s:
        s.discard(x)
def t12():
    f = frozenset({1})
    f.add(2)
def t13():
    return set(5)
def t14():
    return set([1, [2]])
def t15():
    return {1}.union(3)
def t16():
    s = {(1, 2)}
    s.remove((3, 4))
def t17():
    return {1} - (1,)
def t18():
    return {1} & {1: 2}
def t19():
    return {1} ^ None
def t20():
    return frozenset({1}) - [1]
def t21():
    return {frozenset({1}): 0}[frozenset({2})]
def t22():
    return 1 in {1} and [1] in {1}
def t24():
    return {1}.issubset(5)

for i, f in enumerate([t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15,
                       t16, t17, t18, t19, t20, t21, t22, t24]):
    attempt(i + 1, f)
s = {1, 2}
s.remove(3)
