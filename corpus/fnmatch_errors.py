# fnmatch: wrong argument types, CPython's messages
import fnmatch

def attempt(label, f):
    try:
        print(label, '->', repr(f()))
    except Exception as e:
        print(label, '->', type(e).__name__ + ':', e)

attempt('fnmatch int name', lambda: fnmatch.fnmatch(1, 'a'))
attempt('fnmatch int pat', lambda: fnmatch.fnmatch('a', 1))
attempt('fnmatch None', lambda: fnmatch.fnmatch(None, None))
attempt('fnmatch str/bytes', lambda: fnmatch.fnmatch('a', b'a'))
attempt('fnmatch bytes/str', lambda: fnmatch.fnmatch(b'a', 'a'))
attempt('fnmatch bytearray', lambda: fnmatch.fnmatch(bytearray(b'a'), b'?'))
attempt('fnmatchcase int name', lambda: fnmatch.fnmatchcase(1, 'a'))
attempt('fnmatchcase int pat', lambda: fnmatch.fnmatchcase('a', 1))
attempt('fnmatchcase list pat', lambda: fnmatch.fnmatchcase('a', ['a']))
attempt('fnmatchcase bytearray pat', lambda: fnmatch.fnmatchcase(b'a', bytearray(b'a')))
attempt('fnmatchcase bytearray name', lambda: fnmatch.fnmatchcase(bytearray(b'a'), b'?'))
attempt('fnmatchcase None pat', lambda: fnmatch.fnmatchcase('a', None))
attempt('filter bad name', lambda: fnmatch.filter(['a', 'b', 1], 'a'))
attempt('filter bad name 2', lambda: fnmatch.filter(['a', 'b', 1], '?'))
attempt('filter int', lambda: fnmatch.filter(1, '?'))
attempt('filter int pat', lambda: fnmatch.filter(['x'], 1))
attempt('filter bytes/str', lambda: fnmatch.filter(['x'], b'x'))
attempt('translate int', lambda: fnmatch.translate(1))
attempt('translate None', lambda: fnmatch.translate(None))
attempt('translate bytes', lambda: fnmatch.translate(b'*'))
attempt('translate empty bytes', lambda: fnmatch.translate(b''))

class BadPath:
    def __fspath__(self):
        return 42
attempt('fspath returns int', lambda: fnmatch.fnmatch(BadPath(), '*'))
class Raises:
    def __fspath__(self):
        raise RuntimeError('no path')
attempt('fspath raises', lambda: fnmatch.fnmatch('x', Raises()))
attempt('no fspath', lambda: fnmatch.fnmatch(object(), '*'))

def bad_names():
    yield 'a'
    raise ValueError('stop')
attempt('filter raising iterable', lambda: fnmatch.filter(bad_names(), '*'))
