# expect: exit=2 stderr="os"
import os as math
print(math)
