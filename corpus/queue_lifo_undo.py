from queue import LifoQueue, Empty

history = LifoQueue()
text = ""
for op in ["type:Hello", "type: world", "type:!", "undo", "type:?", "undo", "undo"]:
    kind, _, arg = op.partition(":")
    if kind == "type":
        history.put(text)
        text += arg
    else:
        try:
            text = history.get_nowait()
        except Empty:
            print("nothing to undo")
    print(f"{op:<12} -> {text!r} (stack {history.qsize()})")

stack = LifoQueue(maxsize=3)
for i in range(3):
    stack.put(i * 10)
print(stack.full(), stack.queue, stack.maxsize)
print([stack.get() for _ in range(3)], stack.empty())

def balanced(s):
    pairs = {')': '(', ']': '[', '}': '{'}
    st = LifoQueue()
    for ch in s:
        if ch in '([{':
            st.put(ch)
        elif ch in pairs:
            if st.empty() or st.get() != pairs[ch]:
                return False
    return st.empty()

for s in ["(a[b]{c})", "(]", "((", "{[()()]}"]:
    print(s, balanced(s))
