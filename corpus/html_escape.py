# html.escape: &, <, >, and the quotes unless quote is false
import html

for s in ['', 'plain', '<a href="x">Tom & Jerry\'s</a>', '&amp;', '"\'', '<<>>', 'é€😀<', '\x00&\n']:
    print(repr(s), repr(html.escape(s)), repr(html.escape(s, False)), repr(html.escape(s, quote=0)),
          repr(html.escape(s, quote=[1])))
print(html.escape(html.escape('<&>')))
print(html.unescape(html.escape('<script>alert("x & y")</script>')))

class S(str):
    pass
r = html.escape(S('a<b'))
print(repr(r), type(r).__name__)
r = html.escape(S('plain'))
print(repr(r), type(r).__name__)

class Loud(str):
    def replace(self, old, new):
        print('replace', repr(old), repr(new))
        return Loud(str.replace(self, old, new))
print(repr(html.escape(Loud('x<"y"'), quote=False)))

class Q:
    def __bool__(self):
        print('quote asked')
        return False
print(html.escape('a"b', Q()))

class Doc:
    def __init__(self, t):
        self.t = t
    def replace(self, a, b):
        return Doc(self.t.replace(a, b + '!'))
print(html.escape(Doc('<&>"\'')).t)

def attempt(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ':', e)

attempt(lambda: html.escape(1))
attempt(lambda: html.escape(None))
attempt(lambda: html.escape(b'<b>'))
attempt(lambda: html.escape(['<']))
attempt(lambda: html.escape('<', quote=None))
print(html.__all__ if hasattr(html, '__all__') else None)
