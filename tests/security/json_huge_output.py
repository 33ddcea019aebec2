# args: --allow-module json --max-memory 64M --timeout 20
# expect: exit=3 stderr="memory" seconds=30
# A document whose text outgrows the memory limit: a list holding the same
# big list many times over (cheap to build, huge to encode). The encoder's
# buffer growth is charged to the session and stops at the limit.
import json
row = ["x" * 1000] * 1000
doc = [row] * 1000
s = json.dumps(doc, indent=4)
print(len(s))
