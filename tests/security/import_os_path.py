# expect: exit=2 stderr="os"
import os.path
print(os.path.exists("/"))
