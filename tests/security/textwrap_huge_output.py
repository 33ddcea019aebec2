# args: --allow-module textwrap,string,copy --max-memory 32M --timeout 20
# expect: exit=3 stderr="memory" seconds=30
# Wrapping a long text into one-character lines makes a list of millions of
# strings: textwrap's C loop allocates through the session, so it stops at
# the memory limit instead of taking the machine's memory.
import textwrap
text = 'ab ' * 3000000
lines = textwrap.wrap(text, 2)
print(len(lines))
