# Uncaught exception raised while handling another: "During handling of the
# above exception, another exception occurred".
def lookup(table, key):
    try:
        return table[key]
    except KeyError:
        return fallback(table, key)

def fallback(table, key):
    return table["default"] + len(key)

print(lookup({"a": 1, "default": 0}, "zz"))
lookup({"a": 1}, "b")
