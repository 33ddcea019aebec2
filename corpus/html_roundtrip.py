# html.escape and unescape on a document: round trips and mixed references
import html

doc = '''<!DOCTYPE html>
<p class="note">Fish & Chips &mdash; "£5" or '€6' &lt;cheap&gt; &copy 2024 &NotANamedRef; &#x263A;</p>
<a href="/search?q=a&b=c&amp;d=e">link &amp more</a> &ampere; &ltfoo; &gt &GT; &Gt;
'''
e = html.escape(doc)
print(e)
print(html.unescape(e) == doc)
print(html.unescape(doc))
print(html.escape(doc, quote=False))
words = ['&' + w for w in 'lt gt amp quot nbsp copy reg euro pound yen cent sect para deg'.split()]
print(html.unescape(' '.join(words)))
print(html.unescape(';'.join(words)))
big = '&lt;tag&gt;' * 2000
print(len(html.unescape(big)), html.unescape(big)[:20])
print(len(html.escape('<&>' * 3000)))
