# Every codec over many lengths and byte patterns: encodings exact, round trips.
import base64

pairs = [(base64.b64encode, base64.b64decode), (base64.urlsafe_b64encode, base64.urlsafe_b64decode),
         (base64.b32encode, base64.b32decode), (base64.b32hexencode, base64.b32hexdecode),
         (base64.b16encode, base64.b16decode), (base64.b85encode, base64.b85decode),
         (base64.a85encode, base64.a85decode), (base64.encodebytes, base64.decodebytes)]
for n in range(0, 120):
    b = bytes((j * 131 + n * 17) & 255 for j in range(n))
    if n % 3 == 0:
        b = b.replace(b"\x00", b" ")
    row = []
    for enc, dec in pairs:
        e = enc(b)
        assert dec(e) == b, (enc.__name__, n)
        row.append(e[-5:].decode())
    print(n, " ".join(row))
