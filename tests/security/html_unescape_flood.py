# args: --allow-module html --max-memory 16M --timeout 20
# expect: exit=3 stderr="memory" stdout="small ok" seconds=25
# unescape's result is never longer than its input, and results kept without
# end stop at the memory limit like any string building.
import html
print("small", "ok" if html.unescape("&amp;" * 1000) == "&" * 1000 else "bad")
s = "&NotNestedGreaterGreater;&lt;" * 300000
acc = []
while True:
    acc.append(html.unescape(s))
