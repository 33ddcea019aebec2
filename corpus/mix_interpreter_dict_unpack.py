# A tiny interpreter: AST node classes with an eval method, a recursive
# descent parser over tokens, an environment with scoping errors and
# let-bindings, and a division-by-zero error wrapped with context.
class EvalError(Exception):
    pass

class Num:
    def __init__(self, v): self.v = v
    def eval(self, env): return self.v
    def __repr__(self): return str(self.v)

class Var:
    def __init__(self, name): self.name = name
    def eval(self, env):
        if self.name not in env:
            raise EvalError(f"unbound variable {self.name!r}")
        return env[self.name]
    def __repr__(self): return self.name

class BinOp:
    OPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b,
           "*": lambda a, b: a * b, "/": lambda a, b: a // b}
    def __init__(self, op, l, r): self.op, self.l, self.r = op, l, r
    def eval(self, env):
        a, b = self.l.eval(env), self.r.eval(env)
        try:
            return self.OPS[self.op](a, b)
        except ZeroDivisionError as e:
            raise EvalError(f"division by zero in {self!r}") from e
    def __repr__(self): return f"({self.l!r} {self.op} {self.r!r})"

class Let:
    def __init__(self, name, value, body): self.name, self.value, self.body = name, value, body
    def eval(self, env):
        return self.body.eval({**env, self.name: self.value.eval(env)})
    def __repr__(self): return f"let {self.name} = {self.value!r} in {self.body!r}"

class Parser:
    def __init__(self, text):
        self.toks = text.replace("(", " ( ").replace(")", " ) ").split()
        self.i = 0
    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None
    def take(self):
        self.i += 1
        return self.toks[self.i - 1]
    def expr(self):
        if self.peek() == "let":
            self.take(); name = self.take(); self.take()
            value = self.expr(); self.take()
            return Let(name, value, self.expr())
        node = self.term()
        while self.peek() in ("+", "-"):
            node = BinOp(self.take(), node, self.term())
        return node
    def term(self):
        node = self.atom()
        while self.peek() in ("*", "/"):
            node = BinOp(self.take(), node, self.atom())
        return node
    def atom(self):
        tok = self.take()
        if tok == "(":
            node = self.expr(); self.take()
            return node
        return Num(int(tok)) if tok.isdigit() else Var(tok)

for src in ["1 + 2 * 3", "(1 + 2) * 3", "let x = 5 in x * x - 1",
            "let a = 2 in let b = a * 10 in b / a", "y + 1", "10 / (5 - 5)"]:
    tree = Parser(src).expr()
    try:
        print(f"{src:38} => {tree!r:32} = {tree.eval({})}")
    except EvalError as e:
        print(f"{src:38} => error: {e} (cause: {type(e.__cause__).__name__})")
