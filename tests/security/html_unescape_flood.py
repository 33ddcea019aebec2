# args: --allow-module html --max-memory 64M --timeout 20
# expect: exit=3 stderr="memory" stdout="small ok" seconds=25
# unescape's output grows with its input only (a reference is never longer
# replaced than written, but for the few two-character ones): a flood of
# references stops at the memory limit like any string building.
import html
print("small", "ok" if html.unescape("&amp;" * 1000) == "&" * 1000 else "bad")
s = "&NotNestedGreaterGreater;&lt;" * 1000
acc = []
while True:
    acc.append(html.unescape(s))
