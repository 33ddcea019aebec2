# html.unescape's numeric references over whole ranges: C1 table, invalid code points, limits
import html

def codes(s):
    return [hex(ord(c)) for c in s]

row = []
for n in list(range(0, 0x40)) + list(range(0x78, 0xa8)):
    row.append((n, codes(html.unescape('&#%d;' % n)), codes(html.unescape('&#x%X' % n))))
for n, a, b in row:
    print(n, a, b)
for n in [0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfdcf, 0xfdd0, 0xfdef, 0xfdf0, 0xfffd,
          0xfffe, 0xffff, 0x10000, 0x1fffe, 0x1ffff, 0x20000, 0xefffe, 0x10fffd, 0x10fffe, 0x10ffff,
          0x110000, 0x7fffffff, 2 ** 64, 10 ** 30]:
    print(n, codes(html.unescape('&#%d;' % n)), codes(html.unescape('&#x%x;' % n)))
print(repr(html.unescape('&#' + '0' * 40 + '65;')), repr(html.unescape('&#x' + '0' * 40 + '41')))
print(repr(html.unescape('&#65x&#x41g&#65;;&#x41;;')))
