"""safepy.Sandbox: a Python sandbox in this process, over libsafepy.

One Sandbox is used by one thread at a time; Sandbox.cancel() may be called
from any thread.  Host functions (the `functions` mapping) are called on the
run's thread while run() waits; they receive and return plain data.
"""
import builtins
import ctypes
import re

from . import _native as N
from ._plain import from_python, to_python

_SIZE = re.compile(r"^\s*(\d+)\s*([kKmMgG]?)\s*$")
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}


def parse_size(size, what):
    """Bytes from an int or a size as the CLI writes it ("64M", "512K")."""
    if size is None:
        return 0
    if type(size) is int:
        if size <= 0:
            raise ValueError("%s must be positive, got %d" % (what, size))
        return size
    m = _SIZE.match(str(size))
    if not m or int(m.group(1)) == 0:
        raise ValueError("%s wants bytes or a size such as 64K or 1M, got %r" % (what, size))
    return int(m.group(1)) * _UNITS[m.group(2).lower()]


class SafepyError(Exception):
    """A call into the library failed (bad configuration, bad snapshot...)."""


class Result:
    """How one run ended.

    status       "ok", "rejected" (refused before running), "error" (an
                 uncaught exception) or "limit" (see limit)
    stdout       what the program printed
    value        the last expression's value when it is plain data, else None
    repr         repr() of that value (None when there is none, or it is None)
    error        the traceback text, or why the run was stopped (None when
                 the checks refused the code: see diagnostics)
    error_type   "ZeroDivisionError"..., else None
    limit        "time", "memory", "recursion", "output", "operations" or
                 "cancelled" when status is "limit"
    diagnostics  the checks' findings: dicts with rule, severity, message,
                 line, column, end_line, end_column and hint
    report       the findings as text (as `safepy lint` prints them), or None
    """

    __slots__ = ("status", "stdout", "value", "repr", "error", "error_type", "limit",
                 "diagnostics", "report", "output_truncated")

    def __init__(self, r):
        c = r.contents
        self.status = N.STATUS_NAMES.get(c.status, "error")
        out = ctypes.string_at(c.output, c.output_len) if c.output_len else b""
        self.stdout = out.decode("utf-8", "replace")
        self.output_truncated = bool(c.output_truncated)
        self.repr = ctypes.string_at(c.repr).decode("utf-8", "replace") if c.repr else None
        self.value = to_python(c.value.contents) if c.value else None
        self.error = (ctypes.string_at(c.error, c.error_len).decode("utf-8", "replace")
                      if c.error else None)
        self.error_type = c.error_type.decode() if c.error_type else None
        self.limit = c.limit.decode() if c.limit else None
        self.report = ctypes.string_at(c.report).decode("utf-8", "replace") if c.report else None
        self.diagnostics = []
        for i in range(c.n_diags):
            d = c.diags[i]
            self.diagnostics.append({
                "rule": d.rule.decode(), "severity": d.severity.decode(),
                "message": d.message.decode("utf-8", "replace"),
                "line": d.line or None, "column": d.column or None,
                "end_line": d.end_line or None, "end_column": d.end_column or None,
                "hint": d.hint.decode("utf-8", "replace")})

    @property
    def ok(self):
        return self.status == "ok"

    def __repr__(self):
        return "<safepy.Result %s%s>" % (self.status, " " + self.limit if self.limit else "")


def _builtin_exception_name(e):
    """The nearest builtin exception class of e, by name ("KeyError"), or
    RuntimeError when that is only Exception or BaseException."""
    for cls in type(e).__mro__:
        if cls in (Exception, BaseException):
            break
        if getattr(builtins, cls.__name__, None) is cls:
            return cls.__name__
    return "RuntimeError"


def _message(e):
    if len(e.args) == 1 and isinstance(e.args[0], str):
        return e.args[0]
    return str(e)


def _make_host(name, func):
    """The C callback behind one host function."""
    def callback(ud, call, result, err):
        try:
            c = call.contents
            args = [to_python(c.args[i]) for i in range(c.nargs)]
            kwargs = {c.kwnames[i].decode("utf-8", "surrogatepass"): to_python(c.kwargs[i])
                      for i in range(c.nkw)}
            value = func(*args, **kwargs)
            try:
                from_python(value, result)
            except BaseException:
                N.lib.sp_value_clear(result)
                raise
            return N.HOST_OK
        except BaseException as e:  # everything becomes the program's exception
            kind = _builtin_exception_name(e)
            try:
                msg = _message(e)
            except BaseException:
                msg = "%s raised in host function %s" % (type(e).__name__, name)
            N.lib.sp_host_error_set(err, kind.encode(), msg.encode("utf-8", "replace"))
            return N.HOST_ERROR
    return N.HOST_FN(callback)


def _function_struct(name, func, keep):
    if not isinstance(name, str) or not callable(func):
        raise TypeError("functions maps names (str) to callables")
    cb = _make_host(name, func)
    keep.append(cb)
    doc = getattr(func, "__doc__", None)
    return N.Function(name=name.encode(), doc=doc.encode() if isinstance(doc, str) else None,
                      params=None, nparams=0, varargs=True, fn=cb, ud=None)


def _config(timeout, max_memory, max_depth, max_output, allow_modules, rules_dir, keep):
    if timeout is not None and not (0 < float(timeout) <= 86400):
        raise ValueError("timeout wants seconds in (0, 86400], got %r" % (timeout,))
    if max_depth is not None and not (type(max_depth) is int and 1 <= max_depth <= 100000):
        raise ValueError("max_depth wants 1..100000, got %r" % (max_depth,))
    mods = [m.encode() for m in (allow_modules or [])]
    if isinstance(allow_modules, str):
        mods = [m.strip().encode() for m in allow_modules.split(",") if m.strip()]
    arr = (N.c_char_p * max(len(mods), 1))(*mods)
    keep.append(arr)
    return N.Config(timeout_s=float(timeout or 0), max_memory=parse_size(max_memory, "max_memory"),
                    max_depth=max_depth or 0, max_output=parse_size(max_output, "max_output"),
                    rules_dir=rules_dir.encode() if rules_dir else None,
                    allow_modules=arr, n_allow_modules=len(mods))


class Sandbox:
    """A sandbox for Python code: Sandbox(timeout=5, max_memory="256M", ...).

    timeout       seconds per run (host functions' time included)
    max_memory    bytes of live sandbox memory, an int or "64M"
    max_depth     Python call depth
    max_output    bytes printed per run, an int or "1M"
    allow_modules opt-in modules programs may import (["json", "dataclasses"])
    functions     {name: callable}: host functions, the only way out; a
                  dotted name ("tools.search") makes an importable module
    rules_dir     more rule files, as `safepy --rules DIR`
    None (the default) means the library's default for each.
    """

    def __init__(self, timeout=None, max_memory=None, max_depth=None, max_output=None,
                 allow_modules=None, functions=None, rules_dir=None, _handle=None):
        self._keep = []  # callbacks and buffers the C side points to
        if _handle is not None:
            self._h = _handle
            return
        self._h = None
        cfg = _config(timeout, max_memory, max_depth, max_output, allow_modules, rules_dir,
                      self._keep)
        err = ctypes.c_void_p()
        h = N.lib.sp_sandbox_new(ctypes.byref(cfg), ctypes.byref(err))
        if not h:
            raise SafepyError(N.take_string(err.value) or "cannot create a sandbox")
        self._h = h
        try:
            for name, func in (functions or {}).items():
                self.add_function(name, func)
        except BaseException:
            self.close()
            raise

    # --- life ---------------------------------------------------------------
    def close(self):
        """Frees the sandbox (idempotent); it cannot be used afterwards."""
        h, self._h = getattr(self, "_h", None), None
        if h:
            N.lib.sp_sandbox_free(h)
        self._keep = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        self.close()

    def _handle(self):
        if not self._h:
            raise ValueError("the sandbox is closed")
        return self._h

    def _fail(self, what):
        msg = N.lib.sp_sandbox_error(self._h)
        raise SafepyError(msg.decode("utf-8", "replace") if msg else "%s failed" % what)

    # --- setup ----------------------------------------------------------------
    def add_function(self, name, func):
        """Lets programs call func(...) as `name`; arguments and the result
        are plain data.  An exception it raises reaches the program as the
        nearest builtin exception (KeyError, ValueError...), else RuntimeError."""
        fn = _function_struct(name, func, self._keep)
        if N.lib.sp_sandbox_add_function(self._handle(), ctypes.byref(fn)) != N.SP_OK:
            self._fail("add_function %r" % name)

    def add_exception(self, dotted_name, doc=None):
        """Declares an exception class programs can catch ("tools.ToolError")."""
        if N.lib.sp_sandbox_add_exception(self._handle(), dotted_name.encode(),
                                          doc.encode() if doc else None) != N.SP_OK:
            self._fail("add_exception %r" % dotted_name)

    def set_variable(self, name, value):
        """Binds global `name` to a copy of value (plain data)."""
        v = N.Value()
        try:
            from_python(value, ctypes.pointer(v))
            if N.lib.sp_sandbox_set_global(self._handle(), name.encode(), ctypes.byref(v)) != N.SP_OK:
                self._fail("set_variable %r" % name)
        finally:
            N.lib.sp_value_clear(ctypes.byref(v))

    def send_variables(self, variables):
        """Binds every name of the mapping (smolagents' executor method)."""
        for name, value in variables.items():
            self.set_variable(name, value)

    def get_variable(self, name):
        """A copy of global `name` (KeyError when there is none; SafepyError
        when it is not plain data)."""
        v = N.Value()
        rc = N.lib.sp_sandbox_get_global(self._handle(), name.encode(), ctypes.byref(v))
        try:
            if rc == 1:
                raise KeyError(name)
            if rc != N.SP_OK:
                self._fail("get_variable %r" % name)
            return to_python(v)
        finally:
            N.lib.sp_value_clear(ctypes.byref(v))

    # --- running ----------------------------------------------------------------
    def _result(self, fn, code):
        if isinstance(code, str):
            code = code.encode("utf-8")
        r = fn(self._handle(), code, len(code))
        if not r:
            self._fail("run")
        try:
            return Result(r)
        finally:
            N.lib.sp_result_free(r)

    def run(self, code):
        """Runs code (a notebook cell: globals persist) and returns a Result."""
        return self._result(N.lib.sp_sandbox_run, code)

    def check(self, code):
        """Checks code without running it: status "ok" or "rejected"."""
        return self._result(N.lib.sp_sandbox_check, code)

    def reset(self):
        """Forgets every variable, function and import (host functions stay)."""
        N.lib.sp_sandbox_reset(self._handle())

    def cancel(self):
        """Stops the run in progress (from any thread): it ends with limit
        "cancelled".  No effect when none is running."""
        h = self._h
        if h:
            N.lib.sp_sandbox_cancel(h)

    # --- snapshots ----------------------------------------------------------------
    def snapshot(self):
        """What the sandbox holds (and its configuration) as bytes."""
        data, n = ctypes.c_void_p(), ctypes.c_size_t()
        if N.lib.sp_sandbox_snapshot(self._handle(), ctypes.byref(data), ctypes.byref(n)) != N.SP_OK:
            self._fail("snapshot")
        try:
            return ctypes.string_at(data, n.value)
        finally:
            N.lib.sp_free(data)

    @classmethod
    def restore(cls, data, functions=None, **config):
        """A sandbox from snapshot bytes, with the host functions the saved
        program uses.  Its configuration is the saved one unless keyword
        arguments (as Sandbox's) replace it."""
        keep = []
        fns = [_function_struct(n, f, keep) for n, f in (functions or {}).items()]
        arr = (N.Function * max(len(fns), 1))(*fns)
        cfg = None
        if config:
            unknown = set(config) - {"timeout", "max_memory", "max_depth", "max_output",
                                     "allow_modules", "rules_dir"}
            if unknown:
                raise TypeError("unknown configuration: %s" % ", ".join(sorted(unknown)))
            c = _config(config.get("timeout"), config.get("max_memory"), config.get("max_depth"),
                        config.get("max_output"), config.get("allow_modules"),
                        config.get("rules_dir"), keep)
            cfg = ctypes.byref(c)
        data = bytes(data)
        err = ctypes.c_void_p()
        h = N.lib.sp_sandbox_restore(data, len(data), cfg, arr, len(fns), ctypes.byref(err))
        if not h:
            raise SafepyError(N.take_string(err.value) or "cannot restore the snapshot")
        sb = cls(_handle=h)
        sb._keep = keep
        return sb
