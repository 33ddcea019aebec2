for cls in (EOFError, OSError, ConnectionError, TimeoutError, FileNotFoundError, PermissionError, UserWarning, DeprecationWarning, SystemExit, KeyboardInterrupt, IndentationError, FloatingPointError, UnicodeDecodeError, StopAsyncIteration):
    print(cls.__name__, [b.__name__ for b in (Exception, OSError, Warning, BaseException, ValueError) if issubclass(cls, b)])
try:
    raise FileNotFoundError(2, "No such file or directory", "data.csv")
except OSError as e:
    print(type(e).__name__, e, e.args)
try:
    raise ConnectionError("refused")
except OSError as e:
    print(repr(e), str(e))
print(IOError is OSError, EnvironmentError is OSError)
class RetryError(TimeoutError):
    pass
try:
    raise RetryError(110, "timed out")
except OSError as e:
    print(e, isinstance(e, TimeoutError))
try:
    raise FileNotFoundError(2, "No such file", "x.txt")
except OSError as e:
    print(e.errno, e.strerror, e.filename, e)
