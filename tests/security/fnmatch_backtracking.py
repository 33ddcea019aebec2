# args: --allow-module fnmatch --timeout 10
# expect: exit=0 stdout="done False 0" seconds=15
# Patterns built to make a backtracking matcher explode (many stars against
# a long near-miss) finish quickly: translate's atomic groups keep the match
# linear, as in CPython; a huge pattern is just a long regex.
import fnmatch
name = "a" * 5000 + "b"
pat = "*a" * 200 + "*c"
print("done", fnmatch.fnmatchcase(name, pat), len(fnmatch.filter([name] * 50, pat)))
big = "[a-z]" * 1000 + "*"
assert fnmatch.fnmatch("x" * 1000, big)
