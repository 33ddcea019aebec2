# The io module's names: what exists, the ABC-like types, and the file API safepy does not have
import io

print(sorted(n for n in io.__all__))
print(io.SEEK_SET, io.SEEK_CUR, io.SEEK_END, io.DEFAULT_BUFFER_SIZE)
print(io.BlockingIOError is BlockingIOError)
print(isinstance(io.StringIO(), io.TextIOBase), isinstance(io.StringIO(), io.IOBase),
      isinstance(io.StringIO(), io.BufferedIOBase), isinstance(io.StringIO(), io.RawIOBase))
print(issubclass(io.StringIO, io.TextIOBase), issubclass(io.BytesIO, io.BufferedIOBase),
      issubclass(io.BytesIO, io.IOBase), issubclass(io.TextIOBase, io.IOBase))
print(io.IOBase.__name__, io.TextIOBase.__name__, io.BytesIO.__name__, io.StringIO.__qualname__)
print(io.TextIOBase.__module__, io.BufferedIOBase.__module__, io.BytesIO.__module__)
print(io.StringIO, io.BytesIO, io.UnsupportedOperation)
print(io.IOBase, io.RawIOBase, io.BufferedIOBase, io.TextIOBase)

def describe(x):
    if isinstance(x, io.TextIOBase):
        return "text"
    if isinstance(x, io.BufferedIOBase):
        return "binary"
    return "other"

print(describe(io.StringIO()), describe(io.BytesIO()), describe([]))
e = io.UnsupportedOperation("nope")
print(repr(e), str(e), e.args, isinstance(e, OSError), isinstance(e, ValueError))
try:
    raise io.UnsupportedOperation(5, "five")
except OSError as err:
    print(err.errno, err.strerror, err)
