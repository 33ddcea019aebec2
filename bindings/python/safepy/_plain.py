"""Plain data between Python and libsafepy's sp_value trees.

Exactly None, bool, int, float, str, bytes, list, tuple, dict, set and
frozenset cross (not their subclasses); anything else is a TypeError naming
the type, as the sandbox does on its side.  Every crossing copies.
"""
import ctypes

from . import _native as N

# int <-> decimal text without Python's limit on int/str conversion of
# long numbers (3.11's int_max_str_digits): by chunks of this many digits.
_CHUNK = 4000


def int_to_dec(n):
    if -(10 ** _CHUNK) < n < 10 ** _CHUNK:
        return str(n)
    sign, n = ("-", -n) if n < 0 else ("", n)
    parts = []
    base = 10 ** _CHUNK
    while n:
        n, r = divmod(n, base)
        parts.append(r)
    text = str(parts[-1]) + "".join(str(p).rjust(_CHUNK, "0") for p in reversed(parts[:-1]))
    return sign + text


def dec_to_int(s):
    if len(s) <= _CHUNK:
        return int(s)
    neg = s.startswith("-")
    digits = s[1:] if neg else s
    n = 0
    head = len(digits) % _CHUNK or _CHUNK
    n = int(digits[:head])
    for i in range(head, len(digits), _CHUNK):
        n = n * 10 ** _CHUNK + int(digits[i:i + _CHUNK])
    return -n if neg else n


def _text(v):
    return ctypes.string_at(v.u.text.data, v.u.text.len) if v.u.text.len else b""


def to_python(v, depth=0):
    """A Python value from an sp_value (which stays the caller's)."""
    k = v.kind
    if k == N.NONE:
        return None
    if k == N.BOOL:
        return bool(v.u.b)
    if k == N.INT:
        return int(v.u.i)
    if k == N.BIGINT:
        return dec_to_int(_text(v).decode("ascii"))
    if k == N.FLOAT:
        return float(v.u.f)
    if k == N.STR:
        return _text(v).decode("utf-8", "surrogatepass")
    if k == N.BYTES:
        return _text(v)
    if depth >= N.VALUE_MAX_DEPTH:
        raise ValueError("plain data nested too deeply")
    items = [to_python(v.u.seq.items[i], depth + 1) for i in range(v.u.seq.len)]
    if k == N.LIST:
        return items
    if k == N.TUPLE:
        return tuple(items)
    if k == N.DICT:
        return {items[i]: items[i + 1] for i in range(0, len(items), 2)}
    if k == N.SET:
        return set(items)
    if k == N.FROZENSET:
        return frozenset(items)
    raise ValueError("unknown plain data kind %d" % k)


_SEQ = {list: N.LIST, tuple: N.TUPLE, set: N.SET, frozenset: N.FROZENSET}


def _check(rc):
    if rc == N.SP_ENOMEM:
        raise MemoryError("out of memory building plain data")
    if rc != N.SP_OK:
        raise ValueError("libsafepy refused plain data (code %d)" % rc)


def from_python(x, out, depth=0, path=None):
    """Fills the sp_value `out` (a pointer) from x.  On an exception out
    holds what was built so far; the caller clears it."""
    t = type(x)
    if x is None:
        N.lib.sp_value_set_none(out)
    elif t is bool:
        N.lib.sp_value_set_bool(out, x)
    elif t is int:
        if -(2 ** 63) <= x < 2 ** 63:
            N.lib.sp_value_set_int(out, x)
        else:
            b = int_to_dec(x).encode("ascii")
            _check(N.lib.sp_value_set_text(out, N.BIGINT, b, len(b)))
    elif t is float:
        N.lib.sp_value_set_float(out, x)
    elif t is str:
        b = x.encode("utf-8", "surrogatepass")
        _check(N.lib.sp_value_set_text(out, N.STR, b, len(b)))
    elif t is bytes:
        _check(N.lib.sp_value_set_text(out, N.BYTES, x, len(x)))
    elif t in _SEQ or t is dict:
        if depth >= N.VALUE_MAX_DEPTH:
            raise ValueError("plain data nested more than %d deep" % N.VALUE_MAX_DEPTH)
        path = path if path is not None else set()
        if id(x) in path:
            raise ValueError("a %s that contains itself is not plain data" % t.__name__)
        path.add(id(x))
        items = [e for kv in x.items() for e in kv] if t is dict else list(x)
        _check(N.lib.sp_value_set_seq(out, N.DICT if t is dict else _SEQ[t], len(items)))
        arr = out.contents.u.seq.items
        for i, e in enumerate(items):
            from_python(e, ctypes.pointer(arr[i]), depth + 1, path)
        path.discard(id(x))
    else:
        raise TypeError("%s is not plain data (None, bool, int, float, str, bytes, list, "
                        "tuple, dict, set or frozenset)" % t.__name__)
