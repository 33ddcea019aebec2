from queue import LifoQueue, Empty

PAIRS = {")": "(", "]": "[", "}": "{", ">": "<"}

def check(text):
    stack = LifoQueue()
    for i, ch in enumerate(text):
        if ch in "([{<":
            stack.put((ch, i))
        elif ch in PAIRS:
            try:
                top, j = stack.get_nowait()
            except Empty:
                return "unexpected %r at %d" % (ch, i)
            if top != PAIRS[ch]:
                return "mismatch: %r at %d closes %r at %d" % (ch, i, top, j)
    if not stack.empty():
        left = []
        while not stack.empty():
            left.append(stack.get())
        return "unclosed: " + ", ".join("%r at %d" % t for t in left)
    return "ok"

for s in ["(a[b]{c}<d>)", "((x)", "x)", "[(])", "", "{[()()]}<>", "<<<", "f(a, g[b], {c: (d)})"]:
    print(repr(s), "->", check(s))

def rpn(expr):
    st = LifoQueue()
    ops = {"+": lambda a, b: a + b, "-": lambda a, b: a - b,
           "*": lambda a, b: a * b, "/": lambda a, b: a / b, "^": lambda a, b: a ** b}
    for tok in expr.split():
        if tok in ops:
            b = st.get_nowait()
            a = st.get_nowait()
            st.put(ops[tok](a, b))
        else:
            st.put(float(tok) if "." in tok else int(tok))
    if st.qsize() != 1:
        raise ValueError("bad expression: %d values left" % st.qsize())
    return st.get()

for e in ["3 4 +", "5 1 2 + 4 * + 3 -", "2 3 ^ 2 /", "1.5 2 *", "1 2", "+"]:
    try:
        print(e, "=", rpn(e))
    except Empty:
        print(e, "= stack underflow")
    except ValueError as err:
        print(e, "=", err)
