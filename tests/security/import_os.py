# expect: exit=2 stderr="os"
import os
print(os.listdir("/"))
