# A script that locates itself through __file__, as command-line tools do.
script = __file__
name = script.rsplit("/", 1)[-1]
print(type(script).__name__, name, script.startswith("/"), script.endswith(".py"))
base_dir = script[: -len(name) - 1]
print(base_dir.endswith("corpus"), base_dir + "/" + name == script)


def where():
    return __file__ == script


print(where(), __name__)
