# expect: exit=1 stderr="__dict__"
# a function's __dict__ is refused when the code runs (the sandbox profile
# leaves __dict__ to the evaluator, which gives it for user instances only)
def f():
    pass
print(f.__dict__)
