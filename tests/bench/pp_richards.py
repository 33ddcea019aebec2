# richards: Martin Richards' operating-system simulation.  Six tasks (an
# idle task, a worker, two handlers, two devices) trade packets through a
# priority scheduler; every task is a state machine resumed with the packet
# it was waiting for.  The classic check: one round with an idle count of
# 10,000 queues 23,246 packets and holds 9,297 times.
IDLE, WORKER, HANDLER_A, HANDLER_B, DEVICE_A, DEVICE_B = range(6)
KIND_DEVICE, KIND_WORK = 0, 1
ROUNDS = 60


class Packet:
    __slots__ = ("link", "owner", "kind", "counter", "buf")

    def __init__(self, link, owner, kind):
        self.link = link
        self.owner = owner
        self.kind = kind
        self.counter = 0
        self.buf = [0, 0, 0, 0]


def enqueue(head, pkt):
    """Appends pkt at the end of the chain starting at head; returns the head."""
    pkt.link = None
    if head is None:
        return pkt
    p = head
    while p.link is not None:
        p = p.link
    p.link = pkt
    return head


class Task:
    __slots__ = ("next", "ident", "prio", "inbox", "pending", "waiting", "held", "step", "state")

    def __init__(self, next_task, ident, prio, inbox, step, state):
        self.next = next_task
        self.ident = ident
        self.prio = prio
        self.inbox = inbox
        self.pending = inbox is not None
        self.waiting = False
        self.held = False
        self.step = step
        self.state = state

    def blocked(self):
        return self.held or (self.waiting and not self.pending)


class Machine:
    def __init__(self):
        self.table = [None] * 6
        self.chain = None
        self.current = None
        self.queued = 0
        self.holds = 0

    def spawn(self, ident, prio, inbox, step, state, waiting=False):
        t = Task(self.chain, ident, prio, inbox, step, state)
        t.waiting = waiting
        self.chain = t
        self.table[ident] = t

    def release(self, ident):
        t = self.table[ident]
        t.held = False
        return t if t.prio > self.current.prio else self.current

    def hold(self):
        self.holds += 1
        self.current.held = True
        return self.current.next

    def wait(self):
        self.current.waiting = True
        return self.current

    def send(self, pkt):
        dest = self.table[pkt.owner]
        self.queued += 1
        pkt.link = None
        pkt.owner = self.current.ident
        if dest.inbox is None:
            dest.inbox = pkt
            dest.pending = True
            return dest if dest.prio > self.current.prio else self.current
        dest.inbox = enqueue(dest.inbox, pkt)
        return self.current

    def schedule(self):
        t = self.chain
        while t is not None:
            if t.blocked():
                t = t.next
                continue
            pkt = None
            if t.waiting and t.pending:
                pkt = t.inbox
                t.inbox = pkt.link
                t.pending = t.inbox is not None
                t.waiting = False
            self.current = t
            t = t.step(self, t.state, pkt)


def idle_step(m, st, pkt):
    st[1] -= 1
    if st[1] == 0:
        return m.hold()
    if st[0] & 1 == 0:
        st[0] >>= 1
        return m.release(DEVICE_A)
    st[0] = (st[0] >> 1) ^ 0xD008
    return m.release(DEVICE_B)


def worker_step(m, st, pkt):
    if pkt is None:
        return m.wait()
    st[0] = HANDLER_B if st[0] == HANDLER_A else HANDLER_A
    pkt.owner = st[0]
    pkt.counter = 0
    for i in range(4):
        st[1] += 1
        if st[1] > 26:
            st[1] = 1
        pkt.buf[i] = 64 + st[1]
    return m.send(pkt)


def handler_step(m, st, pkt):
    # st: [work packets, device packets]
    if pkt is not None:
        if pkt.kind == KIND_WORK:
            st[0] = enqueue(st[0], pkt)
        else:
            st[1] = enqueue(st[1], pkt)
    work = st[0]
    if work is not None:
        n = work.counter
        if n < 4:
            dev = st[1]
            if dev is not None:
                st[1] = dev.link
                dev.counter = work.buf[n]
                work.counter = n + 1
                return m.send(dev)
        else:
            st[0] = work.link
            return m.send(work)
    return m.wait()


def device_step(m, st, pkt):
    if pkt is None:
        if st[0] is None:
            return m.wait()
        p = st[0]
        st[0] = None
        return m.send(p)
    st[0] = pkt
    return m.hold()


def one_round(count):
    m = Machine()
    m.spawn(IDLE, 0, None, idle_step, [1, count])
    q = Packet(Packet(None, 0, KIND_WORK), 0, KIND_WORK)
    m.spawn(WORKER, 1000, q, worker_step, [HANDLER_A, 0], waiting=True)
    q = Packet(Packet(Packet(None, DEVICE_A, KIND_DEVICE), DEVICE_A, KIND_DEVICE), DEVICE_A, KIND_DEVICE)
    m.spawn(HANDLER_A, 2000, q, handler_step, [None, None], waiting=True)
    q = Packet(Packet(Packet(None, DEVICE_B, KIND_DEVICE), DEVICE_B, KIND_DEVICE), DEVICE_B, KIND_DEVICE)
    m.spawn(HANDLER_B, 3000, q, handler_step, [None, None], waiting=True)
    m.spawn(DEVICE_A, 4000, None, device_step, [None], waiting=True)
    m.spawn(DEVICE_B, 5000, None, device_step, [None], waiting=True)
    m.schedule()
    return m.queued, m.holds


results = [one_round(10000) for _ in range(ROUNDS)]
print(results[0], all(r == (23246, 9297) for r in results), len(results))
