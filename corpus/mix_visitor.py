# An expression tree with the visitor pattern: node classes, a Visitor base
# dispatching on the class name with getattr, an evaluator, a printer, a
# simplifier, and a generic_visit fallback raising a custom error.
class Node:
    def accept(self, visitor):
        return visitor.visit(self)

class Num(Node):
    def __init__(self, v):
        self.v = v

class Var(Node):
    def __init__(self, name):
        self.name = name

class Add(Node):
    def __init__(self, a, b):
        self.a, self.b = a, b

class Mul(Add):
    pass

class Neg(Node):
    def __init__(self, x):
        self.x = x

class NoHandler(TypeError):
    pass

class Visitor:
    def visit(self, node):
        method = getattr(self, "visit_" + type(node).__name__, self.generic_visit)  # safepy: ignore[SP305]
        return method(node)
    def generic_visit(self, node):
        raise NoHandler(f"{type(self).__name__} cannot handle {type(node).__name__}")

class Printer(Visitor):
    def visit_Num(self, n): return str(n.v)
    def visit_Var(self, n): return n.name
    def visit_Add(self, n): return f"({self.visit(n.a)} + {self.visit(n.b)})"
    def visit_Mul(self, n): return f"{self.visit(n.a)}*{self.visit(n.b)}"

class Evaluator(Visitor):
    def __init__(self, env):
        self.env = env
    def visit_Num(self, n): return n.v
    def visit_Var(self, n): return self.env[n.name]
    def visit_Add(self, n): return self.visit(n.a) + self.visit(n.b)
    def visit_Mul(self, n): return self.visit(n.a) * self.visit(n.b)
    def visit_Neg(self, n): return -self.visit(n.x)

class Simplify(Printer):
    def visit_Mul(self, n):
        a, b = self.visit(n.a), self.visit(n.b)
        if "0" in (a, b):
            return "0"
        if a == "1":
            return b
        return b if b == "1" else f"{a}*{b}"
    def visit_Add(self, n):
        a, b = self.visit(n.a), self.visit(n.b)
        return b if a == "0" else a if b == "0" else f"({a} + {b})"

expr = Add(Mul(Num(1), Var("x")), Add(Mul(Var("y"), Num(0)), Mul(Num(3), Var("z"))))
print(Printer().visit(expr))
print(Simplify().visit(expr))
print(expr.accept(Evaluator({"x": 2, "y": 5, "z": 4})))
print(Evaluator({}).visit(Neg(Add(Num(2), Num(3)))), isinstance(Mul(Num(1), Num(1)), Add))
try:
    Printer().visit(Neg(Num(1)))
except NoHandler as e:
    print("NoHandler:", e)
try:
    Evaluator({}).visit(Var("q"))
except KeyError as e:
    print("KeyError:", e)
