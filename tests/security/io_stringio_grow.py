# args: --allow-module io --max-memory 64M --timeout 20
# expect: exit=3 stderr="memory" seconds=25
# A StringIO written to without end stops at the memory limit: its buffer
# grows in session memory like any other value.
import io
s = io.StringIO()
chunk = "x" * 100000
while True:
    s.write(chunk)
