# Keyword arguments belong to one call: a builtin that calls back into Python
# must not leak them into the builtins that the callback calls.
print(sorted(range(10), key=lambda x: sum([x])))
print(sorted([[3, 1], [1], [2, 2]], key=lambda x: sum(x), reverse=True))
print(max([[1, 2], [3], [0, 0, 1]], key=lambda x: sum(x)))
print(min([[1, 2], [3], [0, 0, 1]], key=lambda x: max(x, default=0)))
words = ["bb", "a", "ccc"]
words.sort(key=lambda w: len(sorted(w, reverse=True)))
print(words)
print(list(enumerate("ab", start=sum([1, 2]))))
print(*range(20), sep=",")
print(*range(40), sep="", end="|\n")
print("x", "y", sep=str(sum([1, 1])), end=str(len("ab")) + "\n")
print('a b c d'.rsplit(maxsplit=1), 'a b c d'.split(maxsplit=1))
print('a,b,c'.rsplit(',', maxsplit=1), 'a,b,c'.split(sep=',', maxsplit=1))

def many(*args, **kwargs):
    return len(args), len(kwargs), sum(args), sum(kwargs.values())

args = list(range(300))
kwargs = {"k%d" % i: i for i in range(300)}
print(many(*args, **kwargs))
print(round(2.675, ndigits=2), pow(2, exp=10), pow(base=3, exp=3, mod=5))
print(sum([1, 2], start=10), sum([[1], [2]], []))
