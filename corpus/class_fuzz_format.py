# difffuzz families: __format__ with every spec (the empty one too), the
# in-place repeat message for class instances, the full repr in float()'s error
class K:
    def __repr__(self):
        return 'K'
class F:
    def __format__(self, spec):
        return 'F<' + spec + '>'
class G:
    def __format__(self, spec):
        return 5
def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
def a1():
    x = K()
    x *= [1]
def a2():
    x = 2.5
    x *= 'ab'
def a3():
    x = 5
    x *= [1]
    return x
def a4():
    x = [1]
    x *= K()
t(a1)
t(a2)
t(a3)
t(a4)
t(lambda: K() * [1])
t(lambda: (f'{F()}', f'{F():>4}', format(F(), 'x'), format(F()), '{:q}'.format(F()), '{}'.format(F())))
t(lambda: f'{K()}')
t(lambda: f'{K():>3}')
t(lambda: format(G()))
t(lambda: float('1' * 300 + 'x'))
