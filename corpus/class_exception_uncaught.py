class AppError(Exception):
    pass
class DbError(AppError):
    def __init__(self, table):
        super().__init__(f"table {table} missing")
        self.table = table
def load():
    raise DbError("users")
try:
    load()
except AppError as e:
    print("app", e, e.table)
raise DbError("orders")
