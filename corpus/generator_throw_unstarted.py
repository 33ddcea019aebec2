# throw() into a generator that never ran: the exception leaves through
# its frame; a StopIteration becomes PEP 479's RuntimeError.
def gen(n):
    yield n


def pipe(it):
    for x in it:
        yield x


for make in (lambda: gen(1), lambda: pipe([1]), lambda: (x for x in [1])):
    for exc in (ValueError("v"), KeyError, StopIteration, StopIteration(7)):
        it = make()
        try:
            it.throw(exc)
        except Exception as e:
            print(type(e).__name__, e, type(e.__cause__).__name__, e.__suppress_context__)
        print(next(it, "finished"))

# and into a started one, at its yield
for make in (lambda: pipe([1, 2]), lambda: (x for x in [1, 2])):
    it = make()
    print(next(it))
    try:
        it.throw(StopIteration)
    except RuntimeError as e:
        print("RuntimeError", e, type(e.__cause__).__name__)
    print(list(it))

it = gen(2)
it.throw(StopIteration("uncaught"))
