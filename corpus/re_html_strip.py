import re
html = '<div class="x"><p>Hello <b>world</b>!</p><!-- note --><br/><a href="/a?b=1">link</a>\n<script>var x = 1 < 2;</script></div>'
no_script = re.sub(r'(?is)<script\b.*?</script>', '', html)
no_comments = re.sub(r'<!--.*?-->', '', no_script, flags=re.S)
text = re.sub(r'<[^>]+>', '', no_comments)
print(repr(text))
print(re.findall(r'<(\w+)', html))
print(re.findall(r'href="([^"]*)"', html))
print(re.findall(r'(\w+)="([^"]*)"', html))
print(re.sub(r'&(?!amp;)', '&amp;', 'a & b &amp; c'))
