from queue import LifoQueue, Empty

class Editor:
    def __init__(self):
        self.text = ""
        self.undo_stack = LifoQueue()
        self.redo_stack = LifoQueue()

    def type(self, s):
        self.undo_stack.put(("insert", s))
        self.text += s
        while not self.redo_stack.empty():
            self.redo_stack.get_nowait()

    def backspace(self, n):
        removed = self.text[-n:] if n else ""
        self.text = self.text[:len(self.text) - n]
        self.undo_stack.put(("delete", removed))

    def undo(self):
        try:
            op, s = self.undo_stack.get_nowait()
        except Empty as e:
            return f"nothing to undo ({type(e).__name__}{e})"
        if op == "insert":
            self.text = self.text[:len(self.text) - len(s)]
        else:
            self.text += s
        self.redo_stack.put((op, s))
        return f"undid {op} {s!r}"

    def redo(self):
        try:
            op, s = self.redo_stack.get(block=False)
        except Empty as e:
            return f"nothing to redo ({type(e).__name__})"
        if op == "insert":
            self.text += s
        else:
            self.text = self.text[:len(self.text) - len(s)]
        self.undo_stack.put((op, s))
        return f"redid {op} {s!r}"

ed = Editor()
script = [("type", "Hello"), ("type", ", world"), ("backspace", 5),
          ("type", "there"), ("undo",), ("undo",), ("undo",), ("redo",),
          ("type", "!"), ("redo",), ("undo",), ("undo",), ("undo",),
          ("undo",), ("undo",)]
for cmd, *args in script:
    res = getattr(ed, cmd)(*args)  # safepy: ignore[SP305]
    print(f"{cmd:<9} {str(args):<12} -> {ed.text!r:<16} {res or ''}")
print("undo depth", ed.undo_stack.qsize(), "redo depth", ed.redo_stack.qsize())
print(list(ed.redo_stack.queue))
