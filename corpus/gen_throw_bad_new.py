# throw() of an exception class whose __new__ returns a non-exception
class BadException(BaseException):
    def __new__(cls, *args, **kwargs):
        print("BadException __new__")
        return 1

def gen():
    yield

try:
    gen().throw(BadException)
except Exception as e:
    print(type(e), e.args)
g = gen()
next(g)
try:
    g.throw(BadException, "x")
except TypeError as e:
    print(e)
