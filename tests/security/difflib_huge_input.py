# args: --allow-module difflib --max-memory 128M --timeout 20
# expect: exit=3 stderr="memory" seconds=30
# SequenceMatcher's index of b (b2j: one list of positions per distinct
# element) and the snapshots each call takes are session memory: a b of ten
# million distinct elements stops at the memory limit, not in the host's.
import difflib

b = range(10_000_000)
s = difflib.SequenceMatcher(None, [1, 2, 3], b)
print(len(s.b2j))
