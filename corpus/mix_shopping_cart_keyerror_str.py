# A shopping cart with discount strategies (classes with __call__), line items
# as namedtuples, a coupon registry decorator and rounding to cents.
from collections import namedtuple

Line = namedtuple("Line", "sku name price qty")
COUPONS = {}

def coupon(code):
    def register(cls):
        COUPONS[code] = cls
        return cls
    return register

class Discount:
    def __call__(self, cart):
        return 0.0
    def __repr__(self):
        return type(self).__name__

@coupon("TENOFF")
class PercentOff(Discount):
    def __init__(self, pct=10):
        self.pct = pct
    def __call__(self, cart):
        return cart.subtotal * self.pct / 100

@coupon("BULK")
class BulkDeal(Discount):
    def __call__(self, cart):
        return sum(l.price for l in cart.lines if l.qty >= 3)

class InvalidCoupon(KeyError):
    pass

class Cart:
    def __init__(self):
        self.lines = []
        self.discounts = []
    def add(self, sku, name, price, qty=1):
        for i, l in enumerate(self.lines):
            if l.sku == sku:
                self.lines[i] = l._replace(qty=l.qty + qty)
                return self
        self.lines.append(Line(sku, name, price, qty))
        return self
    def apply(self, code):
        if code not in COUPONS:
            raise InvalidCoupon(code)
        self.discounts.append(COUPONS[code]())
    @property
    def subtotal(self):
        return sum(l.price * l.qty for l in self.lines)
    @property
    def total(self):
        off = sum(d(self) for d in self.discounts)
        return round(max(0.0, self.subtotal - off), 2)

cart = Cart().add("A", "apple", 0.5, 4).add("B", "bread", 2.25).add("A", "apple", 0.5)
for l in cart.lines:
    print(f"{l.name:6} {l.qty} x {l.price:5.2f} = {l.price * l.qty:6.2f}")
print("subtotal", cart.subtotal)
for code in ["TENOFF", "FREE", "BULK"]:
    try:
        cart.apply(code)
    except InvalidCoupon as e:
        print("invalid coupon", e, isinstance(e, LookupError))
print(cart.discounts, [round(d(cart), 3) for d in cart.discounts], "total", cart.total)
