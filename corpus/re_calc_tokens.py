import re

TOKEN = re.compile(r"\s*(?:(\d+\.?\d*)|(\*\*|[-+*/()]))")

def tokens(expr):
    pos = 0
    out = []
    expr = expr.rstrip()
    while pos < len(expr):
        m = TOKEN.match(expr, pos)
        if not m:
            raise SyntaxError(f"bad character at {pos}: {expr[pos]!r}")
        num, op = m.groups()
        out.append(("NUM", float(num)) if num else ("OP", op))
        pos = m.end()
    return out

def parse(toks):
    def expr(i):
        v, i = term(i)
        while i < len(toks) and toks[i][1] in ("+", "-"):
            op = toks[i][1]
            r, i = term(i + 1)
            v = v + r if op == "+" else v - r
        return v, i
    def term(i):
        v, i = factor(i)
        while i < len(toks) and toks[i][1] in ("*", "/"):
            op = toks[i][1]
            r, i = factor(i + 1)
            v = v * r if op == "*" else v / r
        return v, i
    def factor(i):
        kind, val = toks[i]
        if kind == "NUM":
            return val, i + 1
        if val == "(":
            v, i = expr(i + 1)
            return v, i + 1
        if val == "-":
            v, i = factor(i + 1)
            return -v, i
        raise SyntaxError(f"unexpected {val}")
    v, _ = expr(0)
    return v

for e in ["1 + 2 * 3", "(1 + 2) * 3", "10 / 4 - 1", "-(2.5 * 4) + 1", "2 * (3 + 4) * 5", "7 $ 2"]:
    try:
        print(e, "=", parse(tokens(e)))
    except SyntaxError as err:
        print(e, "->", err)
print(tokens("3.14*(2+1)"))
