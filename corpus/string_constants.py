# the string module's constants and capwords
import string

for name in ('ascii_letters', 'ascii_lowercase', 'ascii_uppercase', 'digits', 'hexdigits', 'octdigits',
             'punctuation', 'printable', 'whitespace'):
    v = getattr(string, name)  # safepy: ignore[SP305]
    print(name, repr(v), len(v), type(v).__name__)
print(string.printable == string.digits + string.ascii_letters + string.punctuation + string.whitespace)
print(sorted(string.__all__))

for s, sep in (('hello world', None), ('  many   spaces\there\n', None), ('a-b--c', '-'), ('ALL CAPS', None),
               ('', None), ('x', ''), ('one,two', ','), ('ünïcode wörds', None), ('mIxEd CaSe', ' ')):
    try:
        print(repr(string.capwords(s, sep)))
    except Exception as e:
        print(type(e).__name__, e)
print(string.capwords(s='kw arg', sep=None))
print(string.capwords('a b'))
for bad in ((), (1,), ('a', 'b', 'c'), ('a', 1)):
    try:
        string.capwords(*bad)
    except Exception as e:
        print(type(e).__name__, e)
try:
    string.capwords('a', foo=1)
except TypeError as e:
    print('TypeError', e)


class S(str):
    def split(self, sep=None):
        print('split called')
        return str.split(self, sep)
print(string.capwords(S('sub class')))
