# html.unescape: named references (the HTML5 table), numeric ones, the invalid ones
import html

samples = [
    '', 'no refs', '&amp;', '&amp', '&AMP;', '&lt;&gt;&quot;&apos;', '&nbsp;x', '&copy2024', '&notit;',
    '&notin;', '&noti;', '&not', '&ampx', '&amp;amp;', '&&amp;', '& amp;', '&;', '&#;', '&#x;', '&#',
    '&#65;', '&#65', '&#x41;', '&#X41', '&#0065;', '&#x0041;', '&#0;', '&#13;', '&#128;', '&#x80;',
    '&#x81;', '&#x9f;', '&#150;', '&#1;', '&#x0b;', '&#127;', '&#xfdd0;', '&#xfffe;', '&#x10ffff;',
    '&#x10fffe;', '&#x1fffe;', '&#xd800;', '&#xdfff;', '&#x110000;', '&#99999999999999999999999;',
    '&#x20ac;', '&#x1F600;', '&#8364', '&acE;', '&NotEqualTilde;', '&bne;', '&fjlig;', '&ThickSpace;',
    '&CounterClockwiseContourIntegral;', '&abcdefghijklmnopqrstuvwxyzabcdefghij;',
    '&ltabcdefghijklmnopqrstuvwxyzabcdefghij', '&é;', '&amp\u00e9', '&ampé;', '&\u00e9amp;',
    '&Eacute&eacute&Eacutex', '&unknown;', '&un', '&a', '&lt', 'a&b&c', '&\t;', '&lt\n;',
    '&#65&#66;C', '&#x41&#x42', '&#x4g', '&#a', '&#x', 'x &amp; y &lt; z', '&amp;&amp;&amp;',
    '&\r;', '&quot;quoted&quot;', '&sup2;&sup1;&frac12;', '&Afr;&afr;', '&lbrace;&rbrace;',
]
for s in samples:
    print(repr(s), repr(html.unescape(s)))

class S(str):
    pass
r = html.unescape(S('plain'))
print(repr(r), type(r).__name__)
r = html.unescape(S('a&amp;b'))
print(repr(r), type(r).__name__)
print(html.unescape('&' * 5 + 'lt;' + '&#60;' * 3))
text = ''.join('&%s' % n for n in ['amp;', 'lt', 'gt;', 'zwj;', 'zwnj;', 'Zfr;', 'NewLine;', 'Tab;'])
print(repr(html.unescape(text)))

def attempt(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ':', e)

attempt(lambda: html.unescape(1))
attempt(lambda: html.unescape(None))
attempt(lambda: html.unescape(b'&amp;'))
attempt(lambda: html.unescape(['x']))
attempt(lambda: html.unescape(['&']))
attempt(lambda: html.unescape(bytearray(b'x')))
