# args: --allow-module operator,functools
# expect: exit=0 stdout="all refused"
# attrgetter and methodcaller read attributes through the evaluator's own
# attribute policy: dotted names that walk to __subclasses__, __globals__,
# __builtins__, __code__ or a frame are refused exactly as the expression
# would be, and nothing reaches a module object through operator or
# functools (their functions and classes show no __globals__ or module).
import operator
import functools

def f():
    pass

class A:
    pass

routes = [
    (operator.attrgetter("__class__.__subclasses__"), A()),
    (operator.attrgetter("__class__.__base__.__subclasses__"), A()),
    (operator.attrgetter("__globals__"), f),
    (operator.attrgetter("__code__"), f),
    (operator.attrgetter("__builtins__"), f),
    (operator.attrgetter("__init__.__globals__"), A()),
    (operator.attrgetter("gi_frame"), (x for x in [])),
    (operator.attrgetter("__self__"), print),
    (operator.attrgetter("__globals__"), functools.reduce),
    (operator.attrgetter("__globals__"), functools.partial(f)),
    (operator.attrgetter("func.__globals__"), functools.partial(f)),
    (operator.attrgetter("__wrapped__.__globals__"), functools.lru_cache(f)),
    (operator.attrgetter("__class__.__mro__"), functools.partial(f)),
    (operator.methodcaller("__subclasses__"), object),
    (operator.methodcaller("__getattribute__", "__globals__"), f),
    (operator.methodcaller("__reduce_ex__", 2), A()),
    (operator.attrgetter("__dict__"), operator),
]
leaked = []
for getter, obj in routes:
    try:
        v = getter(obj)
    except (AttributeError, TypeError, NotImplementedError):
        continue
    if type(v).__name__ in ("module", "dict", "function", "frame", "code", "list", "tuple") or callable(v):
        leaked.append(repr(getter))
# the module functions are builtins: no globals to reach
for name in ("__globals__", "__module__.__class__", "__self__"):
    try:
        operator.attrgetter(name)(operator.add)
    except (AttributeError, TypeError):
        pass
    else:
        if name == "__self__":
            leaked.append(name)
print("leaked:", leaked) if leaked else print("all refused")
