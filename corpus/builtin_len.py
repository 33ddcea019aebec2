print(len(''), len('abc'), len('日本語'), len('😀😀'), len('e\u0301'))
print(len([]), len([1, [2, 3]]), len(()), len((1,)), len({}), len({'a': 1, 'b': 2}))
print(len(range(0)), len(range(100)), len(range(-10, 10, 3)), len(range(2 ** 62)))
print(len('x' * 1000), len([0] * 1000))
