"""safepy: run untrusted Python inside this process, in safepy's sandbox.

    import safepy
    with safepy.Sandbox(timeout=2, max_memory="64M",
                        functions={"lookup": lambda k: {"a": 1}[k]}) as sb:
        r = sb.run("x = lookup('a')\\nx + 1")
        r.status, r.value            # ("ok", 2)

Pure Python over ctypes and libsafepy (build/libsafepy.so of this checkout,
or the file SAFEPY_LIBRARY names).  See docs/embedding.md.
"""
from ._sandbox import Result, Sandbox, SafepyError, parse_size

__all__ = ["Sandbox", "Result", "SafepyError", "parse_size"]
__version__ = "0.1.0"
