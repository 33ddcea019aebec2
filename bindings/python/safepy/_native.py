"""ctypes declarations of libsafepy/safepy.h and the loading of the library.

The library is build/libsafepy.so of the checkout this package sits in, or
the file SAFEPY_LIBRARY names, or an installed libsafepy.so.0.  Every
structure here mirrors the header field for field; the header is the
reference.
"""
import ctypes
import ctypes.util
import os

c_size_t = ctypes.c_size_t
c_char_p = ctypes.c_char_p
c_void_p = ctypes.c_void_p
c_int = ctypes.c_int
c_double = ctypes.c_double
c_bool = ctypes.c_bool
c_uint32 = ctypes.c_uint32
POINTER = ctypes.POINTER

# sp_code
SP_OK, SP_ENOMEM, SP_EINVAL, SP_EIO, SP_ESTATE = 0, -1, -2, -3, -4
# sp_kind
(NONE, BOOL, INT, BIGINT, FLOAT, STR, BYTES, LIST, TUPLE, DICT, SET,
 FROZENSET) = range(12)
# sp_host_status
HOST_OK, HOST_ERROR, HOST_LIMIT = 0, 1, 2
STATUS_NAMES = {0: "ok", 1: "rejected", 2: "error", 3: "limit"}
VALUE_MAX_DEPTH = 200


class Text(ctypes.Structure):
    _fields_ = [("data", c_void_p), ("len", c_size_t)]


class Value(ctypes.Structure):
    pass


class Seq(ctypes.Structure):
    _fields_ = [("items", POINTER(Value)), ("len", c_size_t)]


class _U(ctypes.Union):
    _fields_ = [("b", c_bool), ("i", ctypes.c_int64), ("f", c_double),
                ("text", Text), ("seq", Seq)]


Value._fields_ = [("kind", c_int), ("u", _U)]


class Config(ctypes.Structure):
    _fields_ = [("timeout_s", c_double), ("max_memory", c_size_t),
                ("max_depth", c_uint32), ("max_output", c_size_t),
                ("rules_dir", c_char_p), ("allow_modules", POINTER(c_char_p)),
                ("n_allow_modules", c_size_t)]


class Call(ctypes.Structure):
    _fields_ = [("name", c_char_p), ("args", POINTER(Value)), ("nargs", c_size_t),
                ("kwnames", POINTER(c_char_p)), ("kwargs", POINTER(Value)),
                ("nkw", c_size_t), ("time_left_s", c_double)]


class HostError(ctypes.Structure):
    _fields_ = [("type", ctypes.c_char * 64), ("message", c_void_p)]


HOST_FN = ctypes.CFUNCTYPE(c_int, c_void_p, POINTER(Call), POINTER(Value),
                           POINTER(HostError))


class Param(ctypes.Structure):
    _fields_ = [("name", c_char_p), ("required", c_bool), ("keyword_only", c_bool)]


class Function(ctypes.Structure):
    _fields_ = [("name", c_char_p), ("doc", c_char_p), ("params", POINTER(Param)),
                ("nparams", c_size_t), ("varargs", c_bool), ("fn", HOST_FN),
                ("ud", c_void_p)]


class Diag(ctypes.Structure):
    _fields_ = [("rule", c_char_p), ("severity", c_char_p), ("message", c_char_p),
                ("hint", c_char_p), ("line", c_uint32), ("column", c_uint32),
                ("end_line", c_uint32), ("end_column", c_uint32)]


class Result(ctypes.Structure):
    _fields_ = [("status", c_int), ("output", c_void_p), ("output_len", c_size_t),
                ("output_truncated", c_bool), ("repr", c_void_p),
                ("value", POINTER(Value)), ("error", c_void_p), ("error_len", c_size_t),
                ("error_type", c_char_p), ("error_line", c_uint32), ("limit", c_char_p),
                ("diags", POINTER(Diag)), ("n_diags", c_size_t), ("report", c_void_p),
                ("internal", c_bool)]


def _find():
    path = os.environ.get("SAFEPY_LIBRARY")
    if path:
        return path
    here = os.path.dirname(os.path.abspath(__file__))
    built = os.path.join(here, "..", "..", "..", "build", "libsafepy.so")
    if os.path.exists(built):
        return os.path.normpath(built)
    return ctypes.util.find_library("safepy") or "libsafepy.so.0"


def _declare(lib):
    def fn(name, restype, *argtypes):
        f = getattr(lib, name)
        f.restype = restype
        f.argtypes = argtypes
    sb = c_void_p
    fn("sp_sandbox_new", sb, POINTER(Config), POINTER(c_void_p))
    fn("sp_sandbox_free", None, sb)
    fn("sp_sandbox_error", c_char_p, sb)
    fn("sp_sandbox_add_function", c_int, sb, POINTER(Function))
    fn("sp_sandbox_add_exception", c_int, sb, c_char_p, c_char_p)
    fn("sp_sandbox_set_global", c_int, sb, c_char_p, POINTER(Value))
    fn("sp_sandbox_get_global", c_int, sb, c_char_p, POINTER(Value))
    fn("sp_sandbox_run", POINTER(Result), sb, c_char_p, c_size_t)
    fn("sp_sandbox_check", POINTER(Result), sb, c_char_p, c_size_t)
    fn("sp_result_free", None, POINTER(Result))
    fn("sp_sandbox_reset", None, sb)
    fn("sp_sandbox_cancel", None, sb)
    fn("sp_sandbox_snapshot", c_int, sb, POINTER(c_void_p), POINTER(c_size_t))
    fn("sp_sandbox_restore", sb, c_char_p, c_size_t, POINTER(Config), POINTER(Function),
       c_size_t, POINTER(c_void_p))
    fn("sp_free", None, c_void_p)
    fn("sp_value_clear", None, POINTER(Value))
    fn("sp_value_set_none", None, POINTER(Value))
    fn("sp_value_set_bool", None, POINTER(Value), c_bool)
    fn("sp_value_set_int", None, POINTER(Value), ctypes.c_int64)
    fn("sp_value_set_float", None, POINTER(Value), c_double)
    fn("sp_value_set_text", c_int, POINTER(Value), c_int, c_char_p, c_size_t)
    fn("sp_value_set_seq", c_int, POINTER(Value), c_int, c_size_t)
    fn("sp_host_error_set", c_int, POINTER(HostError), c_char_p, c_char_p)
    return lib


lib = _declare(ctypes.CDLL(_find()))


def take_string(ptr):
    """The text of a malloc'd C string the library handed over, freed."""
    if not ptr:
        return None
    try:
        return ctypes.string_at(ptr).decode("utf-8", "replace")
    finally:
        lib.sp_free(ptr)
