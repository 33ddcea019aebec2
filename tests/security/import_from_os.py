# expect: exit=2 stderr="os"
from os import system
system("id")
