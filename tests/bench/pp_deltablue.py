# deltablue: the DeltaBlue incremental one-way constraint solver (Freeman-
# Benson, Maloney and Borning).  Constraints have strengths; adding one
# re-plans only the part of the graph it overrides, walking "walkabout
# strengths" downstream.  Two workloads: a long chain of equalities driven
# from one end, and a projection of many scaled variables whose scale and
# offset change.  Checksum: values read back after each plan.
REQUIRED, STRONG_PREFERRED, PREFERRED, STRONG_DEFAULT, NORMAL, WEAK_DEFAULT, WEAKEST = range(7)
NONE, FORWARD, BACKWARD = 0, 1, 2
ROUNDS = 420
SIZE = 100


def stronger(a, b):
    return a < b


def weakest(a, b):
    return a if a > b else b


class Var:
    def __init__(self, value):
        self.value = value
        self.users = []
        self.source = None      # the constraint that determines this variable
        self.mark = 0
        self.walk = WEAKEST
        self.stay = True

    def detach(self, c):
        self.users.remove(c)
        if self.source is c:
            self.source = None


class Solver:
    def __init__(self):
        self.marks = 0

    def new_mark(self):
        self.marks += 1
        return self.marks

    def add(self, c):
        mark = self.new_mark()
        beaten = c.satisfy(self, mark)
        while beaten is not None:
            beaten = beaten.satisfy(self, mark)

    def remove(self, c):
        out = c.output()
        c.unsatisfy()
        c.unhook()
        orphans = self.unpropagate(out)
        for s in range(REQUIRED, WEAKEST + 1):
            for u in orphans:
                if u.strength == s:
                    self.add(u)

    def propagate(self, c, mark):
        todo = [c]
        while todo:
            d = todo.pop()
            out = d.output()
            if out.mark == mark:
                raise RuntimeError("cycle")
            d.recompute()
            self.consumers(out, todo)

    def unpropagate(self, out):
        out.source = None
        out.walk = WEAKEST
        out.stay = True
        orphans = []
        todo = [out]
        while todo:
            v = todo.pop()
            for c in v.users:
                if not c.satisfied():
                    orphans.append(c)
            src = v.source
            for c in v.users:
                if c is not src and c.satisfied():
                    c.recompute()
                    todo.append(c.output())
        return orphans

    def consumers(self, v, into):
        src = v.source
        for c in v.users:
            if c is not src and c.satisfied():
                into.append(c)

    def plan(self, sources):
        mark = self.new_mark()
        steps = []
        todo = list(sources)
        i = 0
        while i < len(todo):
            c = todo[i]
            i += 1
            out = c.output()
            if out.mark != mark and c.inputs_known(mark):
                steps.append(c)
                out.mark = mark
                self.consumers(out, todo)
        return steps


class Constraint:
    def __init__(self, solver, strength):
        self.strength = strength
        self.solver = solver

    def satisfy(self, solver, mark):
        self.choose(mark)
        if not self.satisfied():
            if self.strength == REQUIRED:
                raise RuntimeError("a required constraint cannot be satisfied")
            return None
        self.mark_inputs(mark)
        out = self.output()
        beaten = out.source
        if beaten is not None:
            beaten.unsatisfy()
        out.source = self
        solver.propagate(self, mark)
        out.mark = mark
        return beaten

    def destroy(self):
        if self.satisfied():
            self.solver.remove(self)
        else:
            self.unhook()

    def is_input(self):
        return False


class Unary(Constraint):
    def __init__(self, solver, v, strength):
        super().__init__(solver, strength)
        self.v = v
        self.on = False
        v.users.append(self)
        solver.add(self)

    def choose(self, mark):
        self.on = self.v.mark != mark and stronger(self.strength, self.v.walk)

    def satisfied(self):
        return self.on

    def unsatisfy(self):
        self.on = False

    def unhook(self):
        self.v.detach(self)
        self.on = False

    def output(self):
        return self.v

    def mark_inputs(self, mark):
        pass

    def inputs_known(self, mark):
        return True

    def recompute(self):
        self.v.walk = self.strength
        self.v.stay = not self.is_input()
        if self.v.stay:
            self.execute()

    def execute(self):
        pass


class Stay(Unary):
    pass


class Edit(Unary):
    def is_input(self):
        return True


class Binary(Constraint):
    def __init__(self, solver, a, b, strength, hook=True):
        super().__init__(solver, strength)
        self.a = a
        self.b = b
        self.dir = NONE
        if hook:
            self.hook()
            solver.add(self)

    def hook(self):
        self.a.users.append(self)
        self.b.users.append(self)
        self.dir = NONE

    def choose(self, mark):
        a, b = self.a, self.b
        if a.mark == mark:
            self.dir = FORWARD if b.mark != mark and stronger(self.strength, b.walk) else NONE
        elif b.mark == mark:
            self.dir = BACKWARD if a.mark != mark and stronger(self.strength, a.walk) else NONE
        elif a.walk > b.walk:   # a is the weaker end: write it
            self.dir = BACKWARD if stronger(self.strength, a.walk) else NONE
        else:
            self.dir = FORWARD if stronger(self.strength, b.walk) else NONE

    def satisfied(self):
        return self.dir != NONE

    def unsatisfy(self):
        self.dir = NONE

    def unhook(self):
        self.a.detach(self)
        self.b.detach(self)
        self.dir = NONE

    def output(self):
        return self.b if self.dir == FORWARD else self.a

    def input(self):
        return self.a if self.dir == FORWARD else self.b

    def mark_inputs(self, mark):
        self.input().mark = mark

    def inputs_known(self, mark):
        i = self.input()
        return i.mark == mark or i.stay or i.source is None

    def recompute(self):
        i, o = self.input(), self.output()
        o.walk = weakest(self.strength, i.walk)
        o.stay = i.stay
        if o.stay:
            self.execute()


class Equal(Binary):
    def execute(self):
        self.output().value = self.input().value


class Scale(Binary):
    def __init__(self, solver, src, factor, offset, dst, strength):
        super().__init__(solver, src, dst, strength, hook=False)
        self.factor = factor
        self.offset = offset
        self.hook()
        solver.add(self)

    def hook(self):
        super().hook()
        self.factor.users.append(self)
        self.offset.users.append(self)

    def unhook(self):
        super().unhook()
        self.factor.detach(self)
        self.offset.detach(self)

    def mark_inputs(self, mark):
        super().mark_inputs(mark)
        self.factor.mark = self.offset.mark = mark

    def execute(self):
        if self.dir == FORWARD:
            self.b.value = self.a.value * self.factor.value + self.offset.value
        else:
            self.a.value = (self.b.value - self.offset.value) // self.factor.value

    def recompute(self):
        i, o = self.input(), self.output()
        o.walk = weakest(self.strength, i.walk)
        o.stay = i.stay and self.factor.stay and self.offset.stay
        if o.stay:
            self.execute()


def run_plan(steps):
    for c in steps:
        c.execute()


def chain(n):
    s = Solver()
    vs = [Var(0) for _ in range(n + 1)]
    for a, b in zip(vs, vs[1:]):
        Equal(s, a, b, REQUIRED)
    Stay(s, vs[-1], STRONG_DEFAULT)
    edit = Edit(s, vs[0], PREFERRED)
    steps = s.plan([edit])
    total = 0
    for i in range(100):
        vs[0].value = i
        run_plan(steps)
        assert vs[-1].value == i
        total += vs[-1].value
    return total + len(steps)


def change(s, v, value):
    edit = Edit(s, v, PREFERRED)
    steps = s.plan([edit])
    for _ in range(10):
        v.value = value
        run_plan(steps)
    edit.destroy()


def projection(n):
    s = Solver()
    factor, offset = Var(10), Var(1000)
    dsts = []
    for i in range(n):
        src, dst = Var(i), Var(i)
        dsts.append(dst)
        Stay(s, src, NORMAL)
        Scale(s, src, factor, offset, dst, REQUIRED)
    total = 0
    change(s, src, 17)
    assert dst.value == 1170, dst.value
    change(s, dst, 1050)
    assert src.value == 5, src.value
    change(s, factor, 5)
    total += sum(d.value for d in dsts)
    change(s, offset, 2000)
    total += sum(d.value for d in dsts)
    assert all(dsts[i].value == i * 5 + 2000 for i in range(n - 1))
    return total + s.marks


print([chain(SIZE) + projection(SIZE) for _ in range(ROUNDS)][-1], sum(chain(k) for k in (5, 50)))
