import re

md = """# Title
See [Python](https://python.org) and [the docs](https://docs.python.org/3/ "Docs").
An image: ![logo](img/logo.png). Bare link: https://example.com/path?q=1.
**Bold** and *italic* and `code` and __also bold__.
"""
links = re.findall(r'(?<!!)\[([^\]]+)\]\(([^)\s]+)(?:\s+"([^"]*)")?\)', md)
print(links)
images = re.findall(r'!\[([^\]]*)\]\(([^)]+)\)', md)
print(images)
html = re.sub(r'\*\*(.+?)\*\*|__(.+?)__', lambda m: '<b>%s</b>' % (m.group(1) or m.group(2)), md)
html = re.sub(r'\*(.+?)\*', r'<i>\1</i>', html)
html = re.sub(r'`([^`]+)`', r'<code>\1</code>', html)
html = re.sub(r'^# (.*)$', r'<h1>\1</h1>', html, flags=re.M)
print(html)
print(re.findall(r'https?://[^\s)"]+[^\s)".]', md))
