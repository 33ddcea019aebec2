# The command pattern with undo/redo: command classes sharing a base, an
# editor with history stacks, and errors when there is nothing to undo.
class Command:
    def do(self, doc):
        raise NotImplementedError
    def undo(self, doc):
        raise NotImplementedError
    def __repr__(self):
        fields = ", ".join(f"{k}={v!r}" for k, v in sorted(self.fields().items()))
        return f"{type(self).__name__}({fields})"

class Insert(Command):
    def __init__(self, pos, text):
        self.pos, self.text = pos, text
    def fields(self):
        return {"pos": self.pos, "text": self.text}
    def do(self, doc):
        doc.text = doc.text[:self.pos] + self.text + doc.text[self.pos:]
    def undo(self, doc):
        doc.text = doc.text[:self.pos] + doc.text[self.pos + len(self.text):]

class Delete(Command):
    def __init__(self, pos, n):
        self.pos, self.n = pos, n
        self.removed = None
    def fields(self):
        return {"pos": self.pos, "n": self.n}
    def do(self, doc):
        self.removed = doc.text[self.pos:self.pos + self.n]
        doc.text = doc.text[:self.pos] + doc.text[self.pos + self.n:]
    def undo(self, doc):
        doc.text = doc.text[:self.pos] + self.removed + doc.text[self.pos:]

class NothingToUndo(IndexError):
    pass

class Editor:
    def __init__(self):
        self.text = ""
        self.done, self.undone = [], []
    def run(self, cmd):
        cmd.do(self)
        self.done.append(cmd)
        self.undone.clear()
        return self
    def undo(self):
        if not self.done:
            raise NothingToUndo("nothing to undo")
        cmd = self.done.pop()
        cmd.undo(self)
        self.undone.append(cmd)
        return cmd
    def redo(self):
        cmd = self.undone.pop()
        cmd.do(self)
        self.done.append(cmd)
        return cmd

ed = Editor()
ed.run(Insert(0, "hello")).run(Insert(5, " world")).run(Delete(0, 1)).run(Insert(0, "J"))
print(repr(ed.text), ed.done)
print(ed.undo(), repr(ed.text))
print(ed.undo(), repr(ed.text))
print(ed.redo(), repr(ed.text))
ed.run(Insert(len(ed.text), "!"))
print(repr(ed.text), ed.undone)
while True:
    try:
        ed.undo()
    except IndexError as e:
        print(type(e).__name__, e, repr(ed.text))
        break
try:
    Command().do(ed)
except NotImplementedError:
    print("base command is abstract")
