# encodebytes/decodebytes and encode/decode over io.BytesIO streams.
import base64
import io

def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

for s in [b"", b"x", b"x" * 57, b"x" * 58, bytes(range(256)) * 3]:
    e = base64.encodebytes(s)
    print(len(e), e[-20:], base64.decodebytes(e) == s)
t(lambda: base64.encodebytes("abc"))
t(lambda: base64.decodebytes("YWJj"))
t(lambda: base64.decodebytes(b"YWJj\nYWJj\n"))
t(lambda: base64.decodebytes(bytearray(b"YQ==")))
t(lambda: base64.encodebytes(5))
src = io.BytesIO(bytes(range(200)) * 3)
dst = io.BytesIO()
print(base64.encode(src, dst))
print(dst.getvalue())
src2 = io.BytesIO(dst.getvalue())
out = io.BytesIO()
base64.decode(src2, out)
print(out.getvalue() == bytes(range(200)) * 3)
empty = io.BytesIO()
base64.encode(io.BytesIO(b""), empty)
print(empty.getvalue())

class Chunky:
    """read() gives at most 10 bytes: encode() tops up each line."""
    def __init__(self, data):
        self.data = data
    def read(self, n):
        piece, self.data = self.data[:min(n, 10)], self.data[min(n, 10):]
        return piece

class Sink:
    def __init__(self):
        self.parts = []
    def write(self, b):
        self.parts.append(b)

sink = Sink()
base64.encode(Chunky(b"abcdefghij" * 12), sink)
print(sink.parts)
t(lambda: base64.encode(io.BytesIO(b"x"), 5))
t(lambda: base64.decode(5, io.BytesIO()))
print(base64.MAXLINESIZE, base64.MAXBINSIZE, sorted(base64.__all__))
