import functools
for name, call in [
    ("cmp_to_key()", lambda: functools.cmp_to_key()),
    ("total_ordering(1)", lambda: functools.total_ordering(1)),
    ("singledispatch()", lambda: functools.singledispatch()),
    ("cache()", lambda: functools.cache()),
    ("lru_cache(1, 2, 3)", lambda: functools.lru_cache(1, 2, 3)),
    ("partial()", lambda: functools.partial()),
    ("reduce()", lambda: functools.reduce()),
    ("update_wrapper(1)", lambda: functools.update_wrapper(1)),
]:
    try:
        call()
        print(name, "ok")
    except (TypeError, ValueError, AttributeError) as e:
        print(name, type(e).__name__)
print(sorted(functools.__all__))
print(callable(functools.partial(print)), callable(functools.lru_cache(None)(len)))
