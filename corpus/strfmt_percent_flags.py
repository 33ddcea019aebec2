# %-formatting follows CPython's unicode_format: precision on integer
# conversions, flag combinations, '%%' only right after '%', mapping rules.
vals = [42, -3, 0, 255, True, 2**70, 3.7, -0.0, float('nan'), float('inf'), 'z', 'é', 65]
for conv in 'diouxXeEfgGcrsa':
    for fl in ['', '#', '0', '-', ' ', '+', '#0', '-0', '+ ', '#+0']:
        for wp in ['', '8', '.3', '8.0', '.']:
            f = '[%' + fl + wp + conv + ']'
            row = []
            for v in vals:
                try:
                    row.append(f % (v,))
                except Exception as e:
                    row.append(type(e).__name__ + ':' + str(e))
            print(f, '|'.join(row))
cases = [
    ("'%.5d|%.3x|%5.3o|%.2i' % (42, 10, 8, -3)", lambda: '%.5d|%.3x|%5.3o|%.2i' % (42, 10, 8, -3)),
    ("'%.0c' % 'z'", lambda: '%.0c' % 'z'),
    ("'%5%' % ()", lambda: '%5%' % ()),
    ("'%5%' % (1,)", lambda: '%5%' % (1,)),
    ("'%d' % float('nan')", lambda: '%d' % float('nan')),
    ("'%(a)s %s' % {'a': 1}", lambda: '%(a)s %s' % {'a': 1}),
    ("'abc' % [1]", lambda: 'abc' % [1]),
    ("'abc' % 3", lambda: 'abc' % 3),
    ("'%(a)s' % [1]", lambda: '%(a)s' % [1]),
    ("'é%é' % 1", lambda: 'é%é' % 1),
    ("'%*.*f' % (-8, 2, 1.5)", lambda: '%*.*f' % (-8, 2, 1.5)),
    ("'%.*s' % (-1, 'abc')", lambda: '%.*s' % (-1, 'abc')),
    ("'%(a)d %(b)#x' % {'a': 5, 'b': 255}", lambda: '%(a)d %(b)#x' % {'a': 5, 'b': 255}),
    ("'%s %s' % [1]", lambda: '%s %s' % [1]),
    ("'%c' % -1", lambda: '%c' % -1),
    ("'%e' % 2**2000", lambda: '%e' % 2**2000),
    ("'%a' % 'é\\\\U0001F600\\\\u1234'", lambda: '%a' % 'é\U0001F600\u1234'),
    ("'%-5a|' % 'é'", lambda: '%-5a|' % 'é'),
    ("'%' % ()", lambda: '%' % ()),
    ("'%(a' % {'a': 1}", lambda: '%(a' % {'a': 1}),
    ("'%x' % 3.0", lambda: '%x' % 3.0),
    ("'%ld %hi %Lf' % (1, 2, 3.0)", lambda: '%ld %hi %Lf' % (1, 2, 3.0)),
    ("'%*d' % ('x', 1)", lambda: '%*d' % ('x', 1)),
    ("'%#.0x' % 0", lambda: '%#.0x' % 0),
    ("'%+08.2f' % float('inf')", lambda: '%+08.2f' % float('inf')),
    ("'%010.3x' % -10", lambda: '%010.3x' % -10),
    ('f\'{\\"é\\"!a:>8}\'', lambda: f'{"é"!a:>8}'),
]
for text, fn in cases:
    try:
        print(text, '->', repr(fn()))
    except Exception as e:
        print(text, '->', type(e).__name__, e)
