# str and bytes hash as CPython 3.11's SipHash-1-3 under PYTHONHASHSEED=0
# (the corpus oracle's seed), so sets of strings iterate in CPython's order
words = "the quick brown fox jumps over the lazy dog while seven wizards quietly hex".split()
print(set(words))
print({w[::-1] for w in words})
print(frozenset((w, len(w)) for w in words))
print(set("mississippi"), set("héllo wörld"), set("日本語テキスト"), set("𝄞𝄢♪"))
print([hash(s) for s in ["", "a", "ab", "abcdefgh", "abcdefghi", "é", "€uro", "𝄞", "x" * 100]])
print(hash(b"abc") == hash("abc"), hash(b""), hash(bytearray(b"x").decode()))
d = {}
for w in words:
    d.setdefault(len(w), set()).add(w)
print(d)
print(sorted(set(words)) == sorted(words and set(words)))
s = set()
for i in range(200):
    s.add("k%d" % (i * 7919 % 1000))
print(list(s)[:20])
s -= {"k0", "k7"}
print(list(s)[:10], len(s))
