# regex_effbot: a fixed set of small patterns (literals, classes, anchors,
# alternations, groups, backreferences, lazy and possessive-free repeats)
# compiled once and matched over and over against short and long subject
# strings, with search, match and fullmatch; the match positions are summed.
import re

ROUNDS = 2500

PATTERNS = [
    r"abc", r"^abc", r"abc$", r"a.c", r"a[bcd]+e", r"a[^x]*z", r"(ab|cd)+ef",
    r"(\w+)\s+\1", r"\d{3}-\d{4}", r"[A-Z][a-z]+", r"x*y*z*$", r"(?i)HeLLo",
    r"(a|b)*?c", r"\bword\b", r"(?P<k>\w+)=(?P<v>\w+)", r"[aeiou]{2,}",
    r"(\d+)\.(\d+)", r"^\s*#", r"q(?=u)", r"(?<!x)yz",
]
SUBJECTS = [
    "abc", "xxabcxx", "axcabce", "abbbbbcde", "a" + "b" * 40 + "z",
    "cdabcdabef", "hello hello world", "call 555-1234 now", "Some Title Case Words",
    "xyz", "HELLO there", "aaaaaaaaaaaaaaaaaaaac", "a word here", "key=value other=thing",
    "queueing aeiou", "version 12.345", "   # comment", "quick quip", "ayz xyz",
    "-" * 200 + "word" + "-" * 200,
]

compiled = [re.compile(p) for p in PATTERNS]
total = 0
hits = 0
for _ in range(ROUNDS):
    for rx in compiled:
        for s in SUBJECTS:
            m = rx.search(s)
            if m:
                hits += 1
                total += m.start() + m.end()
            if rx.match(s):
                hits += 1
            if rx.fullmatch(s):
                hits += 1
print(hits, total)
