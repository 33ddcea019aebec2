# A long chain of one precedence level (+ and -), one of its operands a
# chain of another level (* and //): the failure is in the inner one.
def score(xs, w):
    return xs[0] * w - xs[1] * w + xs[2] * w // 2 - xs[3] // w * 3 + xs[4] * w * w + xs[5] - xs[6]


print(score([1, 2, 3, 4, 5, 6, 7], 3))
print(score([1, 2, 3, 4, 5, 6, 7], 0))
