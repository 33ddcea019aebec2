# assigning or deleting an attribute of a builtin value: CPython's messages
# for members, methods and attributes a type lacks
import datetime
for obj, name in [(range(3), "start"), (range(3), "foo"), ([], "append"), ("s", "upper"), ({}, "x"),
                  (datetime.date(2020, 1, 1), "year"), (b"x", "hex"), (slice(1), "stop"), (None, "x"), ((1,), "count")]:
    try:
        setattr(obj, name, 1)  # safepy: ignore[SP305]
    except AttributeError as e:
        print(e)
    try:
        delattr(obj, name)  # safepy: ignore[SP305]
    except AttributeError as e:
        print(e)
