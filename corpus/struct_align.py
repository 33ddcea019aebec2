import struct

fmts = ['c', 'ci', 'ic', 'cd', 'dc', 'bq', 'c?', 'ce', 'cP', 'hq', 'qh', 'bhiq', 'ccccq', '3sxh0q', 'c0i',
        '0q', 'x0l', 'iiic', 'c2e', '@bhiqlnNPfde?', 'sl', 'bL', '10s5d', 'c2xh', 'hl0h']
for f in fmts:
    row = [f]
    for order in '@=<>':
        try:
            row.append(struct.calcsize(order + f if order != '@' else f))
        except struct.error as e:
            row.append(str(e))
    print(row)

# native layouts of a C struct, packed and read back
rec = struct.Struct('@cidhq')
print(rec.size, rec.format)  # safepy: ignore[SP307]
data = rec.pack(b'A', 7, 1.5, -3, 2**40)
print(len(data), data.hex())
print(rec.unpack(data))
std = struct.Struct('=cidhq')
print(std.size, std.pack(b'A', 7, 1.5, -3, 2**40).hex())
for n in range(0, 9):
    print(n, struct.calcsize('%dcq' % n), struct.calcsize('q%dc' % n), struct.calcsize('%dch' % n))
