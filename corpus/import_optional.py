"""Optional imports: a module outside safepy's modules raises CPython's
ModuleNotFoundError, which the program's own fallback catches."""
try:
    import numpy  # safepy: ignore[SP105]
except ImportError:
    numpy = None
print("numpy", numpy)

try:
    import numpy as np  # safepy: ignore[SP105]
except ModuleNotFoundError as e:
    np = None
    print(type(e).__name__, e, e.name, isinstance(e, ImportError))

try:
    from scipy.linalg import norm  # safepy: ignore[SP105]
except (ValueError, ImportError) as e:
    print(type(e).__name__, e)
    norm = abs
print(norm(-3))

try:
    import lxml.etree.ElementTree as ET  # safepy: ignore[SP105]
except Exception as e:
    print(type(e).__name__, e)

try:
    from toml import loads, dumps  # safepy: ignore[SP105]
except BaseException as e:
    print(type(e).__name__, e)

try:
    import ujson as json  # safepy: ignore[SP105]
except ImportError:
    try:
        import simplejson as json  # safepy: ignore[SP105]
    except ImportError:
        json = None
print("json", json)


def load():
    try:
        import tomli  # safepy: ignore[SP105]
        return tomli
    except:
        return "no tomli here"


print(load())


class Backend:
    try:
        import msgpack as fast  # safepy: ignore[SP105]
    except ImportError:
        fast = None


print(Backend.fast)

try:
    import math
    import pandas  # safepy: ignore[SP105]
except ImportError as e:
    print("math first:", math.sqrt(4), e)

try:
    import numpy  # safepy: ignore[SP105]
except ImportError as e:
    try:
        raise RuntimeError("wrapped") from e
    except RuntimeError as r:
        print(r, "<-", r.__cause__)
