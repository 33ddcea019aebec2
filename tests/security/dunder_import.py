# expect: exit=2 stderr="__import__"
__import__('os').system('id')
