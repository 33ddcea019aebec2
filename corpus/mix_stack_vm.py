# A tiny stack virtual machine: instructions as (op, arg) tuples, a VM class
# with an op table of methods, jumps, a custom VMError with the program
# counter, and a countdown program.
class VMError(Exception):
    def __init__(self, pc, msg):
        super().__init__(f"pc={pc}: {msg}")
        self.pc = pc

class VM:
    def __init__(self, program, trace=False):
        self.program = program
        self.stack = []
        self.pc = 0
        self.out = []
        self.trace = trace

    def pop(self):
        if not self.stack:
            raise VMError(self.pc, "stack underflow")
        return self.stack.pop()

    def op_push(self, arg): self.stack.append(arg)
    def op_add(self, _): self.stack.append(self.pop() + self.pop())
    def op_sub(self, _):
        b, a = self.pop(), self.pop()
        self.stack.append(a - b)
    def op_mul(self, _): self.stack.append(self.pop() * self.pop())
    def op_dup(self, _):
        v = self.pop()
        self.stack += [v, v]
    def op_print(self, _): self.out.append(self.pop())
    def op_jz(self, target):
        if self.pop() == 0:
            self.pc = target - 1
    def op_jmp(self, target): self.pc = target - 1

    def run(self, limit=1000):
        steps = 0
        while self.pc < len(self.program):
            op, arg = self.program[self.pc]
            method = getattr(self, "op_" + op, None)  # safepy: ignore[SP305]
            if method is None:
                raise VMError(self.pc, f"unknown op {op!r}")
            if self.trace:
                print(f"  {self.pc:2} {op:5} {arg!s:4} {self.stack}")
            method(arg)
            self.pc += 1
            steps += 1
            if steps > limit:
                raise VMError(self.pc, "step limit exceeded")
        return self.out

countdown = [("push", 3), ("dup", None), ("print", None), ("push", 1), ("sub", None),
             ("dup", None), ("jz", 8), ("jmp", 1), ("push", 100), ("print", None)]
print(VM(countdown).run())
print(VM([("push", 2), ("push", 5), ("mul", None), ("print", None)], trace=True).run())
for bad in ([("add", None)], [("push", 1), ("frob", 2)], [("jmp", 0)]):
    try:
        VM(bad).run()
    except VMError as e:
        print("VMError:", e, "| at", e.pc)
