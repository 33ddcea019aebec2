# An expression evaluator over tuple-shaped ASTs, plus a simplifier.
def evaluate(node, env):
    match node:
        case int(n) | float(n):
            return n
        case str(name):
            return env[name]
        case ("neg", x):
            return -evaluate(x, env)
        case ("+", left, right):
            return evaluate(left, env) + evaluate(right, env)
        case ("-", left, right):
            return evaluate(left, env) - evaluate(right, env)
        case ("*", left, right):
            return evaluate(left, env) * evaluate(right, env)
        case ("/", _, 0):
            raise ZeroDivisionError("division by literal zero")
        case ("/", left, right):
            return evaluate(left, env) / evaluate(right, env)
        case ("let", str(name), value, body):
            inner = dict(env)
            inner[name] = evaluate(value, env)
            return evaluate(body, inner)
        case ("if", cond, then, otherwise):
            return evaluate(then if evaluate(cond, env) else otherwise, env)
        case ("call", "max", *args):
            return max(evaluate(a, env) for a in args)
        case _:
            raise ValueError(f"bad node {node!r}")


def simplify(node):
    match node:
        case ("+", x, 0) | ("+", 0, x):
            return simplify(x)
        case ("*", x, 1) | ("*", 1, x):
            return simplify(x)
        case ("*", _, 0) | ("*", 0, _):
            return 0
        case ("neg", ("neg", x)):
            return simplify(x)
        case (op, left, right):
            l, r = simplify(left), simplify(right)
            if isinstance(l, int) and isinstance(r, int):
                return evaluate((op, l, r), {})
            return (op, l, r)
        case other:
            return other


env = {"x": 3, "y": 4}
exprs = [
    ("+", "x", ("*", 2, "y")),
    ("neg", ("-", "y", 10)),
    ("let", "z", 5, ("*", "z", "z")),
    ("if", ("-", "x", 3), 1, ("/", "y", 8)),
    ("call", "max", 1, "x", ("*", "y", 2), 7),
    2.5,
]
for e in exprs:
    print(e, "=", evaluate(e, env))
for e in [("+", "x", 0), ("*", 1, ("+", 0, "y")), ("neg", ("neg", "x")), ("*", ("+", "x", 1), 0),
          ("+", ("*", 2, 3), ("-", 10, 4)), ("+", "x", ("*", "y", 1))]:
    print(e, "->", simplify(e))
for bad in [("/", 1, 0), ("pow", 2, 3), ["+", 1, 2]]:
    try:
        print(evaluate(bad, env))
    except (ZeroDivisionError, ValueError) as exc:
        print(type(exc).__name__, exc)
