# regex_v8: regular expressions as a web page's scripts use them, over
# generated text: URLs taken apart, HTML tags and attributes found,
# whitespace trimmed, user-agent and cookie strings parsed, replacements by
# string and by function, splitting; a digest of everything found.
import random
import re

DOCS = 400

rng = random.Random(8)
WORDS = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa"]


def word():
    return rng.choice(WORDS)


def page():
    parts = []
    for _ in range(25):
        kind = rng.randrange(4)
        if kind == 0:
            parts.append('<a href="http://www.%s.com/%s/%s.html?id=%d&amp;q=%s#top" class="%s">%s</a>'
                         % (word(), word(), word(), rng.randrange(10000), word(), word(), word()))
        elif kind == 1:
            parts.append('<div id="%s-%d" style="color: #%06x; margin: %dpx">  %s %s  </div>'
                         % (word(), rng.randrange(100), rng.randrange(1 << 24), rng.randrange(20), word(), word()))
        elif kind == 2:
            parts.append("Mozilla/5.0 (Windows NT %d.%d; rv:%d.0) Gecko/20100101 Firefox/%d.0"
                         % (rng.randrange(5, 11), rng.randrange(3), rng.randrange(40, 120), rng.randrange(40, 120)))
        else:
            parts.append("; ".join("%s=%s%d" % (word(), word(), rng.randrange(100)) for _ in range(4)))
    return "\n".join(parts)


URL = re.compile(r'(\w+)://([\w.]+)(/[\w/.]*)?(\?[^#"]*)?(#\w*)?')
TAG = re.compile(r"<(/?)(\w+)((?:\s+\w+=\"[^\"]*\")*)\s*>")
ATTR = re.compile(r'(\w+)="([^"]*)"')
TRIM = re.compile(r"^\s+|\s+$")
UA = re.compile(r"(Windows NT) (\d+)\.(\d+).*?Firefox/(\d+)")
COOKIE = re.compile(r"(\w+)=(\w+?)(\d+)(?:;\s*|$)")
COLOUR = re.compile(r"#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})")
SPLIT = re.compile(r"[\s;&?=]+")

digest = 0
counts = [0] * 6
docs = [page() for _ in range(DOCS)]
for rounds in range(8):
    for doc in docs:
        for m in URL.finditer(doc):
            counts[0] += 1
            digest = (digest * 31 + len(m.group(2)) + len(m.group(3) or "")) % 1000000007
        for m in TAG.finditer(doc):
            counts[1] += 1
            for a in ATTR.findall(m.group(3)):
                digest = (digest * 31 + len(a[1])) % 1000000007
        for line in doc.split("\n"):
            t = TRIM.sub("", line)
            digest = (digest + len(t)) % 1000000007
            m = UA.search(line)
            if m:
                counts[2] += 1
                digest = (digest * 7 + int(m.group(2)) * 100 + int(m.group(4))) % 1000000007
        for m in COOKIE.finditer(doc):
            counts[3] += 1
        recoloured = COLOUR.sub(lambda m: "rgb(%d,%d,%d)" % tuple(int(g, 16) for g in m.groups()), doc)
        counts[4] += len(recoloured)
        counts[5] += len(SPLIT.split(doc))
        escaped = doc.replace("&amp;", "&")
        digest = (digest + len(re.sub(r"<[^>]*>", "", escaped))) % 1000000007
print(counts, digest)
