"""Module docstring: what __doc__ holds in __main__."""
# The names a script's __main__ module starts with: the docstring in
# __doc__, __name__, and None for __package__, __spec__ and __cached__.


def read_doc():
    return __doc__


class Holder:
    "the class docstring"
    seen = __doc__
    module = __module__


class NoDoc:
    seen = __doc__


def main():
    print(__doc__)
    print(read_doc())
    print(__name__, type(__name__).__name__)
    print(__package__)
    print(__cached__)
    print(Holder.seen, Holder.__doc__, Holder.module)
    print(NoDoc.seen, NoDoc.__doc__)
    print(__file__.endswith("module_dunder_names.py"))
    if __name__ == "__main__":
        print("run as the main program")


main()
__doc__ = "rebound"
print(read_doc())
try:
    print(undefined_module_name)
except NameError as e:
    print(type(e).__name__, e)
