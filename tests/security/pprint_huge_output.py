# args: --allow-module pprint --max-memory 64M --timeout 20
# expect: exit=3 stderr="memory" seconds=25
# pformat of a structure whose pretty form is far bigger than the memory
# limit: a list repeating one long string a few million times (the output
# grows by fragments and indentation); the memory limit stops it.
import pprint

s = 'word ' * 200
data = [[s] * 1000] * 100000
out = pprint.pformat(data, width=20)
print(len(out))
