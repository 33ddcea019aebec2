# Rule test for SP202 (files, terminal, interpreter control).
# ruleid: SP202
data = open("/etc/passwd").read()
# ruleid: SP202
name = input("name? ")
# ruleid: SP202
breakpoint()
# ruleid: SP202
help(len)
# ruleid: SP202
exit(0)
# ruleid: SP202
quit()
# ruleid: SP202
reader = open
# ok: SP202
print("hello", file=None)
# ok: SP202
door.open()
# ok: SP202
opened = True
# ok: SP202
settings = dict(open=1, input=2)
# ok: SP202
text = "open the door"


class Door:
    # ok: SP202
    def open(self):
        return True

    # ok: SP202
    def exit(self, code):
        # ruleid: SP202
        return exit
