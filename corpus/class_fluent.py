# A fluent builder: methods return self for chaining, a classmethod entry
# point, validation at build(), and __repr__ of the result.
class Query:
    def __init__(self, table):
        self.table = table
        self.conds = []
        self.order = None
        self.limit_n = None
        self.cols = ["*"]

    @classmethod
    def from_(cls, table):
        return cls(table)

    def select(self, *cols):
        self.cols = list(cols)
        return self

    def where(self, cond, **params):
        for k, v in params.items():
            cond = cond.replace(":" + k, repr(v))
        self.conds.append(cond)
        return self

    def order_by(self, col, desc=False):
        self.order = col + (" DESC" if desc else "")
        return self

    def limit(self, n):
        if n <= 0:
            raise ValueError("limit must be positive")
        self.limit_n = n
        return self

    def build(self):
        sql = f"SELECT {', '.join(self.cols)} FROM {self.table}"
        if self.conds:
            sql += " WHERE " + " AND ".join(self.conds)
        if self.order:
            sql += " ORDER BY " + self.order
        if self.limit_n:
            sql += f" LIMIT {self.limit_n}"
        return sql

print(Query.from_("users").build())
print(Query.from_("users").select("id", "name").where("age > :a", a=30)
      .where("name = :n", n="O'Neil").order_by("name", desc=True).limit(5).build())
q = Query("t").where("x = 1")
same = q.limit(3)
print(same is q, q.build())
try:
    q.limit(0)
except ValueError as e:
    print("ValueError:", e)
