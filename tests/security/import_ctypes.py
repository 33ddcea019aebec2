# expect: exit=2 stderr="ctypes"
import ctypes
