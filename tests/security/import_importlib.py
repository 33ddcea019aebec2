# expect: exit=2 stderr="importlib"
import importlib
importlib.import_module("os")
