import hashlib, io
def t(f):
    try:
        r = f()
        print(r)
    except Exception as e:
        msg = str(e)
        if ' object at 0x' in msg:
            msg = msg[:msg.index(' object at 0x')] + ' object at ...' + msg[msg.index('>'):]
        print(type(e).__name__, msg)
b = io.BytesIO(b'hello world' * 1000)
b.read(5)
print(hashlib.file_digest(b, 'sha256').hexdigest())
print(b.tell())
print(hashlib.file_digest(io.BytesIO(b'abc'), hashlib.md5).hexdigest())
print(hashlib.file_digest(io.BytesIO(b''), 'blake2b').name)
t(lambda: hashlib.file_digest(io.StringIO('abc'), 'sha1'))
t(lambda: hashlib.file_digest(io.BytesIO(b'abc'), 'nope'))
t(lambda: hashlib.file_digest(io.BytesIO(b'abc')))
t(lambda: hashlib.file_digest(io.BytesIO(b'abc'), 'md5', 5))
t(lambda: hashlib.file_digest(io.BytesIO(b'abc'), digest='md5'))
t(lambda: hashlib.file_digest(io.BytesIO(b'abc'), 'md5', bufsize=3))
c = io.BytesIO(b'x'); c.close()
t(lambda: hashlib.file_digest(c, 'md5'))
class Reader:
    def __init__(self, data, chunk):
        self.data = data; self.pos = 0; self.chunk = chunk; self.calls = []
    def readable(self):
        return True
    def readinto(self, buf):
        self.calls.append(len(buf))
        n = min(self.chunk, len(self.data) - self.pos, len(buf))
        buf[:n] = self.data[self.pos:self.pos + n]
        self.pos += n
        return n
    def __repr__(self):
        return 'Reader()'
r = Reader(b'abcdefghij' * 10, 7)
print(hashlib.file_digest(r, 'sha1', _bufsize=16).hexdigest(), hashlib.sha1(b'abcdefghij' * 10).hexdigest())
print(r.calls[:3], len(r.calls))
class NotReadable(Reader):
    def readable(self):
        return False
t(lambda: hashlib.file_digest(NotReadable(b'', 1), 'md5'))
class NoReadable:
    def readinto(self, b): return 0
    def __repr__(self): return 'NoReadable!'
t(lambda: hashlib.file_digest(NoReadable(), 'md5'))
class Buf:
    def getbuffer(self):
        return b'from getbuffer'
print(hashlib.file_digest(Buf(), 'md5').hexdigest() == hashlib.md5(b'from getbuffer').hexdigest())
class MyHash:
    def __init__(self): self.parts = []
    def update(self, b): self.parts.append(bytes(b))
print(hashlib.file_digest(io.BytesIO(b'parts'), MyHash).parts)
print(hashlib.file_digest(Reader(b'123456', 4), MyHash, _bufsize=5).parts)
class BadSize(Reader):
    def readinto(self, buf):
        if self.pos: return 0
        self.pos = 1
        buf[:3] = b'xyz'
        return -2
print(hashlib.file_digest(BadSize(b'', 1), MyHash, _bufsize=5).parts)
class Raise(Reader):
    def readinto(self, buf):
        raise OSError('disk gone')
t(lambda: hashlib.file_digest(Raise(b'', 1), 'md5'))
t(lambda: hashlib.file_digest(Reader(b'ab', 1), 'md5', _bufsize=-1))
t(lambda: hashlib.file_digest(Reader(b'ab', 1), 'md5', _bufsize='x'))
t(lambda: hashlib.file_digest(Reader(b'ab', 1), 5))
