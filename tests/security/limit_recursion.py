# expect: exit=1 stderr="RecursionError" stderr="maximum recursion depth exceeded"
def f(n):
    return f(n + 1)
f(0)
