# BLAKE2 with every parameter: digest size, key, salt, personalization and
# the tree-hashing parameters, and their limits.
import hashlib

for ctor, maxd in ((hashlib.blake2b, 64), (hashlib.blake2s, 32)):
    print(ctor(b"abc").hexdigest())
    for ds in (1, 2, 16, 20, maxd // 2, maxd - 1, maxd):
        print(ds, ctor(b"abc", digest_size=ds).hexdigest())
    for key in (b"", b"k", b"key" * 5, bytes(range(maxd))):
        print(len(key), ctor(b"message", key=key).hexdigest()[:32])
    salt = b"saltsalt"[: maxd // 4]
    print(ctor(b"x", salt=salt).hexdigest()[:32], ctor(b"x", person=b"me").hexdigest()[:32])
    print(ctor(b"x", salt=b"s", person=b"p", key=b"k", digest_size=10).hexdigest())
    print(ctor(b"leaf", fanout=2, depth=2, leaf_size=4096, node_offset=3, node_depth=0, inner_size=maxd // 2).hexdigest()[:32])
    print(ctor(b"root", fanout=0, depth=255, node_depth=1, inner_size=maxd, last_node=True).hexdigest()[:32])
    print(ctor(b"z", last_node=True).hexdigest()[:32], ctor(b"z", last_node=False).hexdigest()[:32])
    print(ctor(b"z", usedforsecurity=False).hexdigest()[:16])
    h = ctor(key=b"secret", digest_size=24)
    for i in range(50):
        h.update(bytes([i]) * i)
    print(h.hexdigest(), h.digest_size, h.block_size, h.name)
    for kw in [dict(digest_size=0), dict(digest_size=maxd + 1), dict(key=b"k" * (maxd + 1)),
               dict(salt=b"s" * (maxd // 4 + 1)), dict(person=b"p" * (maxd // 4 + 1)),
               dict(fanout=256), dict(fanout=-1), dict(depth=0), dict(depth=256),
               dict(leaf_size=2 ** 32), dict(leaf_size=-1), dict(node_offset=-1),
               dict(node_depth=256), dict(inner_size=maxd + 1), dict(digest_size="a"),
               dict(key="k"), dict(foo=1)]:
        try:
            ctor(b"", **kw)
        except (ValueError, TypeError, OverflowError) as e:
            print(type(e).__name__, e)
    for bad in ("abc", 1):
        try:
            ctor(bad)
        except TypeError as e:
            print("TypeError", e)
try:
    hashlib.blake2b(b"a", b"b")
except TypeError as e:
    print(e)
try:
    hashlib.blake2s(node_offset=2 ** 48)
except OverflowError as e:
    print(e)
print(hashlib.blake2b(node_offset=2 ** 64 - 1).hexdigest()[:16])
print(hashlib.new("blake2b", b"abc", digest_size=8, key=b"k").hexdigest())
print(hashlib.new("blake2s", data=b"abc", person=b"xy").hexdigest()[:16])
# constructors called right after other types' constructors (bytes, dict,
# BytesIO-like calls reuse the same call path): the defaults stay defaults
for i in range(3):
    x = bytes(i)
    h = hashlib.blake2b()
    d = dict(a=i)
    s = hashlib.blake2s()
    print(h.hexdigest()[:8], s.hexdigest()[:8], x, d)
