# A state machine for an order: states as class attributes, transitions in a
# table, guard methods, an invalid-transition exception and a history.
class InvalidTransition(Exception):
    def __init__(self, state, event):
        super().__init__(f"cannot {event!r} when {state!r}")
        self.state, self.event = state, event

class Order:
    NEW, PAID, SHIPPED, DELIVERED, CANCELLED = "new", "paid", "shipped", "delivered", "cancelled"
    TRANSITIONS = {
        (NEW, "pay"): PAID,
        (NEW, "cancel"): CANCELLED,
        (PAID, "ship"): SHIPPED,
        (PAID, "cancel"): CANCELLED,
        (SHIPPED, "deliver"): DELIVERED,
    }

    def __init__(self, oid, total):
        self.oid, self.total = oid, total
        self.state = Order.NEW
        self.history = [self.state]

    def fire(self, event, **info):
        key = (self.state, event)
        if key not in self.TRANSITIONS:
            raise InvalidTransition(self.state, event)
        guard = getattr(self, "can_" + event, None)  # safepy: ignore[SP305]
        if guard is not None and not guard(**info):
            raise InvalidTransition(self.state, event + " (guard)")
        self.state = self.TRANSITIONS[key]
        self.history.append(self.state)
        return self

    def can_pay(self, amount=0):
        return amount >= self.total

    def __repr__(self):
        return f"Order#{self.oid}[{self.state}]"

o = Order(1, 50)
o.fire("pay", amount=50).fire("ship").fire("deliver")
print(o, o.history)
o2 = Order(2, 30)
for event, info in [("ship", {}), ("pay", {"amount": 10}), ("pay", {"amount": 30}), ("cancel", {}), ("pay", {})]:
    try:
        o2.fire(event, **info)
        print("ok", event, "->", o2.state)
    except InvalidTransition as e:
        print("refused:", e)
print(o2, o2.history)
reachable = sorted({dst for (_, _), dst in Order.TRANSITIONS.items()})
print(reachable)
