# Three chained exceptions (context, then cause) printed in one traceback.
def step1():
    return {}["missing"]

def step2():
    try:
        step1()
    except KeyError:
        int("not a number")

def step3():
    try:
        step2()
    except ValueError as e:
        raise RuntimeError("pipeline failed") from e

step3()
