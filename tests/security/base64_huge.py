# args: --allow-module base64,binascii --timeout 30
# expect: exit=3 stdout="ok" stderr="memory limit" seconds=40
# Encodings whose output outgrows the input (Base85, Ascii85,
# quoted-printable) over large inputs: each output is reserved under the
# session's allocator, so growing them ends at the memory limit, never a
# malloc past it.
import base64
import binascii

data = bytes(range(256)) * 4_000
assert base64.b85decode(base64.b85encode(data)) == data
assert base64.a85decode(base64.a85encode(data, wrapcol=76)) == data
print("ok")
parts = []
chunk = bytes(range(256)) * 400_000
while True:
    parts.append(binascii.b2a_qp(chunk, quotetabs=True, istext=False))
