# expect: exit=2 stderr="sys"
import sys
print(sys.argv)
