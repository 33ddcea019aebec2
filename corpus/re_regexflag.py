# re.RegexFlag: members, composites, unknown bits, operators, iteration, the class itself
import re
print([(m.name, m.value) for m in re.RegexFlag])
print(re.RegexFlag(1024), repr(re.RegexFlag(1024)), re.RegexFlag(2|1024), re.I|1024, (re.I|1024).name)
print(re.I | 1, type(1 | re.I), 1 | re.I, re.I | True, format(re.I, 'd'), format(re.I, ''), "%s %d %r" % (re.I, re.I, re.I))
print(list(re.I|re.M), list(re.NOFLAG), len(re.I|re.M), re.I in (re.I|re.M), re.RegexFlag['DOTALL'], re.RegexFlag(0))
print(re.I.value, type(re.I.value), re.I.name, re.NOFLAG.name, (re.A|re.I).name, (~re.NOFLAG))
print(-re.I, re.I * 2, re.I << 1, abs(re.I), str(re.T), re.TEMPLATE, re.RegexFlag, re.RegexFlag.__name__, re.RegexFlag.__module__)
print(isinstance(re.I, int), isinstance(re.I, re.RegexFlag), bool(re.NOFLAG), re.I.__class__, re.RegexFlag.IGNORECASE is re.I, re.RegexFlag(2) is re.I)
try:
    re.RegexFlag('x')
except Exception as e: print(type(e).__name__, e)
try:
    re.I | 'x'
except Exception as e: print(type(e).__name__, e)
try:
    2 in re.I
except Exception as e: print(type(e).__name__, e)
print(hash(re.I) == 2, {re.I: 1}[2], sorted([re.M, re.I, re.A]), max(re.I, re.M), re.I == re.IGNORECASE, re.I < re.M)
print(re.compile('a', re.I|re.M|re.S|re.X|re.A), re.compile('a', 0), re.compile('(?i)a'), re.compile('a', re.U))
print(re.I.__or__(3), re.I.__ror__(4), re.I & 3, 3 & re.I, re.I ^ 7, 7 ^ re.I, ~(re.I|re.M) & re.RegexFlag(511))
print(repr(~re.I), ~re.A, int(~re.I), ~re.RegexFlag(1024), re.RegexFlag(-1), re.RegexFlag(-600))
print(f"{re.I|re.S}", f"{re.M:>20}|", f"{re.M:d}", str(re.I|re.S), [re.I, re.NOFLAG], {"f": re.X})
print(re.findall("A", "aAa", re.I), re.findall("a.", "a\nb", flags=re.S | re.I), re.sub("x", "y", "XxX", flags=re.IGNORECASE))
flags = 0
for f in (re.I, re.M):
    flags |= f
print(flags, type(flags).__name__, re.compile("^a", flags).flags, re.RegexFlag(re.compile("a", re.I).flags))
print(len(re.RegexFlag), re.RegexFlag['I'], re.I in re.RegexFlag if False else "", re.RegexFlag(2.0), re.RegexFlag(True))
