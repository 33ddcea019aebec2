# string formatting: f-strings with specs, str.format, %, repr of floats

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 8
for _round in range(ROUNDS):
    out = []
    for i in range(60000):
        x = i * 1.25
        out.append(f'{i:>6d}|{x:10.3f}|{i:#x}|{x:e}|{i:,}')
    print(len(out), out[12345])
    s = []
    for i in range(30000):
        s.append('{:<8}{:^10}{:08.2f}'.format('id' + str(i), i % 97, i / 7))
    print(s[-1])
    t = []
    for i in range(30000):
        t.append('%5d %-6s %.4f %r' % (i, 'x' * (i % 5), i / 3, i % 11))
    print(t[777])
    r = [repr(i / 10) + str(i * 0.1) for i in range(40000)]
    print(r[12345], len(''.join(r)))
    print(f'{123456789:_}', f'{0.000123456:.3g}', f'{"pad":*^11}', format(255, '08b'))
