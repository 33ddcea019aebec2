# The traceback of a generator function run without a stack of its own:
# the failing expression's line inside the generator.
def ratios(xs):
    for x in xs:
        if x is not None:
            yield 10 // x


def stage(it):
    for v in it:
        yield v + 1


print(list(stage(ratios([5, 2, None, 0]))))
