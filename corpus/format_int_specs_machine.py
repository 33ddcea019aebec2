# format() of machine ints with every common spec (digits taken without GMP)
# and the edges of the 64-bit range, against CPython
import random
rng = random.Random(5)
specs = ['d', '>6d', '<6', '^9', '+d', ' d', '-d', ',', '_', '_x', '_b', '08b', '#x', '#X', '#o', '#b', 'x', 'X', 'o', 'b',
         '=+10', '0=12,', '*^+12_', 'n', '010n', '#010x', '', '>+#20_o', ',d', '-^15,', 'c']
vals = [0, 1, -1, 7, -7, 255, -255, 2**31, -2**31, 2**63 - 1, -2**63, 10**18, -(10**18), 123456789, -987654321]
vals += [rng.randrange(-10**12, 10**12) for _ in range(30)]
for sp in specs:
    out = []
    for v in vals:
        try:
            out.append(format(v, sp))
        except (ValueError, OverflowError) as e:
            out.append(type(e).__name__ + ':' + str(e))
    print(sp, '|'.join(out))
print(f'{-2**63:_x}', f'{2**63-1:#b}', '%5d|%-5x|%#o' % (-3, 255, 8))
