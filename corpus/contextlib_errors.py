# argument errors and misuse, CPython's messages
import contextlib
from contextlib import contextmanager, suppress, closing, nullcontext, ExitStack, redirect_stdout

def attempt(label, f):
    try:
        r = f()
        print(label, "->", repr(r))
    except Exception as e:
        print(label, type(e).__name__, e)

attempt("contextmanager()", lambda: contextmanager())
attempt("contextmanager(1, 2)", lambda: contextmanager(1, 2))
attempt("cm of non-callable", lambda: contextmanager(5)())
attempt("cm of non-generator", lambda: contextmanager(lambda: 5)().__enter__())
attempt("closing(1, 2)", lambda: closing(1, 2))
attempt("nullcontext(x=1)", lambda: nullcontext(x=1))
attempt("ExitStack(1)", lambda: ExitStack(1))
attempt("redirect_stdout(1, 2)", lambda: redirect_stdout(1, 2))
attempt("suppress(x=1)", lambda: suppress(x=1))
attempt("enter_context()", lambda: ExitStack().enter_context())
attempt("push()", lambda: ExitStack().push())
attempt("pop_all(1)", lambda: ExitStack().pop_all(1))
attempt("close(1)", lambda: ExitStack().close(1))
attempt("suppress exit 2 args", lambda: suppress().__exit__(None, None))

@contextmanager
def gen():
    yield 1
g = gen()
attempt("enter", g.__enter__)
attempt("enter again", g.__enter__)
attempt("exit", lambda: g.__exit__(None, None, None))
g2 = gen()
attempt("exit before enter", lambda: g2.__exit__(None, None, None))
g3 = gen()
g3.__enter__()
attempt("exit with class only", lambda: g3.__exit__(ValueError, None, None))
g4 = gen()
g4.__enter__()
attempt("exit with exception", lambda: g4.__exit__(KeyError, KeyError("k"), None))

@contextmanager
def catcher():
    try:
        yield
    except Exception as e:
        print("catcher got", repr(e))
g5 = catcher()
g5.__enter__()
attempt("exit class only caught", lambda: g5.__exit__(ValueError, None, None))

@contextmanager
def stop_inside():
    yield
    raise StopIteration("inner")
attempt("StopIteration after yield", lambda: [0 for _ in [stop_inside().__enter__()]] and None)
def use_stop():
    with stop_inside():
        pass
attempt("with StopIteration after yield", use_stop)

@contextmanager
def reraise_stop():
    try:
        yield
    except StopIteration:
        raise
def use_reraise():
    with reraise_stop():
        raise StopIteration("body")
attempt("StopIteration re-raised", use_reraise)

class NoEnter:
    def __exit__(self, *a):
        pass
attempt("enter_context no __enter__", lambda: ExitStack().enter_context(NoEnter()))
attempt("push non-callable", lambda: ExitStack().push(5))
s = ExitStack()
s.push(5)
attempt("close with non-callable", s.close)
s = ExitStack()
s.callback(lambda: None)
attempt("callback takes no args", s.close)
s = ExitStack()
s.callback(lambda *a: print("cb args", a), 1, 2)
s.close()
attempt("ExitStack.__exit__ manual", lambda: ExitStack().__exit__(ValueError, ValueError("x"), None))
def cbfail():
    raise KeyError("cb")
s = ExitStack()
s.callback(cbfail)
attempt("callback raising", s.close)
print(contextlib.closing.__name__, contextlib.closing.__module__, contextlib.ExitStack.__qualname__)
