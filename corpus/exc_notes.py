# add_note() and __notes__ (3.11): caught and inspected, then left uncaught
# so the notes appear in the traceback.
def load(row):
    try:
        return int(row["qty"])
    except (KeyError, ValueError) as e:
        e.add_note(f"while loading row {row}")
        raise

rows = [{"qty": "3"}, {"qty": "x"}, {}]
for r in rows:
    try:
        print("loaded", load(r))
    except Exception as e:
        print(type(e).__name__, e, e.__notes__)

e = ValueError("v")
print(e.args)
e.add_note("one")
e.add_note("two")
print(e.__notes__)
try:
    e.add_note(3)
except TypeError as err:
    print("TypeError:", err)

def check(level):
    if level > 3:
        err = RuntimeError(f"level {level} too deep")
        err.add_note("hint: lower the level")
        err.add_note("see the settings page")
        raise err
check(2)
check(5)
