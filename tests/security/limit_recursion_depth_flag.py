# args: --max-depth 50
# expect: exit=1 stderr="RecursionError" stdout="ok 40"
def f(n):
    if n == 40:
        print('ok', n)
    return f(n + 1)
f(0)
