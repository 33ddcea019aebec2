# args: --allow-module json --max-memory 64M --timeout 20
# expect: exit=3 stderr="memory" seconds=30
# iterencode() and dump() into a sink that keeps every chunk: the chunks
# themselves are charged, so the run stops at the memory limit.
import json
row = ["x" * 4000] * 100
doc = [row] * 100000
keep = []
class Keep:
    def write(self, s):
        keep.append(s)
json.dump(doc, Keep())
print(len(keep))
