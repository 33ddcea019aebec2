# The exception a generator or coroutine raises takes as __context__ the
# one being handled: its own handler's first (kept across its yields),
# else its resumer's (send, next, throw), as CPython chains exc_info.


class Y:
    def __await__(self):
        yield 1


async def coro():
    await Y()
    raise ValueError("in coro")


def gen():
    yield 1
    raise ValueError("in gen")


def gen_throw():
    try:
        yield 1
    except KeyError:
        raise ValueError("in gen after throw")


async def coro_throw():
    try:
        await Y()
    except KeyError:
        raise ValueError("in coro after throw")


def ctx_chain(e):
    out = []
    while e is not None and len(out) < 5:
        out.append(repr(e))
        e = e.__context__
    return " <- ".join(out)


def drive(name, obj, how):
    obj.send(None)
    try:
        raise TypeError("handled by caller")
    except TypeError:
        try:
            if how == "send":
                obj.send(None)
            elif how == "next":
                next(obj)
            else:
                obj.throw(KeyError("k"))
        except ValueError as e:
            print(name, how, ctx_chain(e))


drive("coro", coro(), "send")
drive("gen", gen(), "send")
drive("gen", gen(), "next")
drive("gen_throw", gen_throw(), "throw")
drive("coro_throw", coro_throw(), "throw")


# awaited inside the awaiting coroutine's handler
async def inner():
    await Y()
    raise ValueError("inner")


async def outer():
    try:
        raise KeyError("outer handled")
    except KeyError:
        await inner()


c = outer()
c.send(None)
try:
    c.send(None)
except ValueError as e:
    print(ctx_chain(e))

# nothing handled at the send: no context
c = coro()
c.send(None)
try:
    c.send(None)
except ValueError as e:
    print(ctx_chain(e))


# the coroutine's own handled exception wins over the resumer's
async def own():
    try:
        raise KeyError("own")
    except KeyError:
        await Y()
        raise ValueError("x")


c = own()
c.send(None)
try:
    raise TypeError("caller")
except TypeError:
    try:
        c.send(None)
    except ValueError as e:
        print(ctx_chain(e))


# a handler of the generator that ends after a resumption: the resumer of
# that first resumption is gone, and nothing stale is taken
def g2():
    try:
        raise KeyError("g2")
    except KeyError:
        yield 1
    yield 2
    raise ValueError("after the handler")


it = g2()
try:
    raise TypeError("first resumer")
except TypeError:
    next(it)
next(it)
try:
    next(it)
except ValueError as e:
    print(ctx_chain(e))

# a bare raise in a generator re-raises its resumer's exception
def reraiser():
    yield 1
    raise


r = reraiser()
next(r)
try:
    raise IndexError("resumer's")
except IndexError:
    try:
        next(r)
    except IndexError as e:
        print("bare raise:", ctx_chain(e))
r = reraiser()
next(r)
try:
    next(r)
except RuntimeError as e:
    print("bare raise:", e)


# nested generators: the innermost sees the outermost's handled one
def inner_gen():
    yield 1
    raise ValueError("deep")


def outer_gen():
    yield from inner_gen()


o = outer_gen()
next(o)
try:
    raise OSError("top")
except OSError:
    try:
        next(o)
    except ValueError as e:
        print(ctx_chain(e))
