import struct

buf = bytearray(12)

class Peek:
    """__index__ reads the buffer being packed into: the earlier items are already there"""
    def __init__(self, n):
        self.n = n
    def __index__(self):
        print('peek', buf.hex())
        return self.n

struct.pack_into('<3i', buf, 0, 1, Peek(2), Peek(3))
print(buf.hex())

class Poke:
    """__index__ writes into the buffer: later items overwrite, earlier writes stay"""
    def __index__(self):
        buf[0] = 0xAA
        buf[11] = 0xBB
        return 5
struct.pack_into('<3i', buf, 0, 7, Poke(), 9)
print(buf.hex())

class Grow:
    """__index__ resizes the buffer: CPython refuses while the buffer is exported"""
    def __index__(self):
        buf.extend(b'xx')
        return 1
try:
    struct.pack_into('<2i', buf, 0, 1, Grow())
except BufferError as e:
    print('outer BufferError:', e)

class Count:
    calls = 0
    def __index__(self):
        Count.calls += 1
        return Count.calls
print(struct.pack('<5B', *[Count() for _ in range(5)]), Count.calls)
print([struct.unpack('<q', struct.pack('<q', i * 10**15))[0] // 10**15 for i in range(-5, 6)])
