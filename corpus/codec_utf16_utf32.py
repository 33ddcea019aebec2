# utf-16 and utf-32 (and their -le/-be forms): BOMs, surrogate pairs, and
# every decode error with CPython's reason and span under each error handler
tests = [(b'\x00', 'utf-16'), (b'a\x00b', 'utf-16-le'), (b'\x00\xd8', 'utf-16-le'), (b'\x00\xdc\x00\x00', 'utf-16-le'),
         (b'\x00\xd8a\x00', 'utf-16-le'), (b'\x00\xd8a\x00', 'utf-16'), (b'a\x00\x00', 'utf-32'),
         (b'\x00\x00\x11\x00', 'utf-32-le'), (b'\x00\xd8\x00\x00', 'utf-32-le'), (b'\xfe\xff\x00a', 'utf-16'),
         (b'\x00\xd8', 'utf-16-be'), (b'\xff\xfe\x00\x00a\x00\x00\x00', 'utf-32'), (b'\x00\x00\xfe\xff\x00\x00\x00a', 'utf-32'),
         (b'4\xd8\x1e\xdd', 'utf-16-le'), (b'\xd84\xdd\x1e', 'UTF-16BE'), (b'', 'utf-16'), (b'\xff\xfe', 'utf-16')]
for b, e in tests:
    for eh in ('strict', 'replace', 'ignore', 'backslashreplace'):
        try:
            print(e, eh, repr(b.decode(e, eh)))
        except Exception as x:
            print(e, eh, type(x).__name__, x)
text = 'héllo €𝄞 ascii'
for enc in ('utf-16', 'utf-16-le', 'utf-16-be', 'utf-32', 'utf_32_le', 'UTF-32-BE', 'u16', 'utf16'):
    data = text.encode(enc)
    print(enc, data, data.decode(enc) == text, len(data), bytearray(text, enc)[:6])
print(''.encode('utf-16'), ''.encode('utf-32'), 'x'.encode('utf-16', errors='strict'))
