# Rule test for SP201 (dynamic code execution).
# ruleid: SP201
eval("1 + 1")
# ruleid: SP201
exec("x = 1")
# ruleid: SP201
code = compile("1", "<s>", "eval")
# ruleid: SP201
m = __import__("os")
# ruleid: SP201
f = eval
# ruleid: SP201
ｅｖａｌ("1")
# ruleid: SP201
x = [exec for _ in range(1)]
# ok: SP201
import re
# ok: SP201
pattern = re.compile(r"\d+")
# ok: SP201
obj.eval()
# ok: SP201
evaluate = 1
# ok: SP201
g(compile=True)
# ok: SP201
s = "eval('1')"


class Compiler:
    # ok: SP201
    def compile(self, text):
        return text


# ok: SP201
def run(eval, exec=None):
    # ok: SP201
    return eval(exec)


def compiler(source):
    # ok: SP201
    compile = source.split
    # ok: SP201
    return compile()


# ruleid: SP201
runner = [eval for eval in (1, 2)] and eval
