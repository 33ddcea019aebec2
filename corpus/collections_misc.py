import collections
from collections import Counter, deque

print(collections.Counter, collections.deque, collections.defaultdict, collections.OrderedDict)
print(collections.Counter.__name__, collections.deque.__name__, collections.defaultdict.__name__)
dq = deque(Counter("aab").elements())
print(dq)
print(Counter(dq))
print(Counter.most_common(Counter("xyy")), deque.popleft(deque([4, 5])))
try:
    deque([1]).foo
except AttributeError as ex:
    print("AttributeError", ex)
print(collections.defaultdict(collections.Counter))
