# expect: exit=2 stderr="os"
import ｏｓ
