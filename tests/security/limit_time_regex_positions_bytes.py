# The same for bytes patterns and for findall/sub, which search again after
# every match: each search is bounded, and so is the whole scan.
# args: --timeout 1
# expect: exit=3 stderr="time limit" stdout="start" seconds=6
import re
print("start")
b = (b"a" * 16 + b"x") * 8000 + b"b"
print(len(re.findall(rb"(?:a|a)+b|x", b)))
print(len(re.sub(r"(a|a)+b|x", "", b.decode())))
print("never printed")
