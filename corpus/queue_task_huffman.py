from queue import PriorityQueue
from collections import Counter

def huffman_codes(text):
    freq = Counter(text)
    pq = PriorityQueue()
    order = 0
    for ch, n in sorted(freq.items()):
        pq.put((n, order, ch))
        order += 1
    if pq.qsize() == 1:
        n, _, ch = pq.get()
        return {ch: "0"}
    while pq.qsize() > 1:
        n1, _, left = pq.get()
        n2, _, right = pq.get()
        pq.put((n1 + n2, order, (left, right)))
        order += 1
    _, _, tree = pq.get()
    codes = {}
    stack = [(tree, "")]
    while stack:
        node, prefix = stack.pop()
        if isinstance(node, str):
            codes[node] = prefix or "0"
        else:
            stack.append((node[1], prefix + "1"))
            stack.append((node[0], prefix + "0"))
    return codes

def encode(text, codes):
    return "".join(codes[c] for c in text)

def decode(bits, codes):
    rev = {v: k for k, v in codes.items()}
    out, cur = [], ""
    for b in bits:
        cur += b
        if cur in rev:
            out.append(rev[cur])
            cur = ""
    return "".join(out)

for text in ["abracadabra", "mississippi river", "aaaa", "the rain in spain stays mainly"]:
    codes = huffman_codes(text)
    bits = encode(text, codes)
    print(repr(text))
    for ch in sorted(codes, key=lambda c: (len(codes[c]), codes[c])):
        print("  %r -> %s" % (ch, codes[ch]))
    print("  bits:", len(bits), "vs", 8 * len(text), "ratio %.3f" % (len(bits) / (8 * len(text))))
    assert decode(bits, codes) == text
    print("  roundtrip ok")
