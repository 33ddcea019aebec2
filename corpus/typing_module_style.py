# `import typing` and typing.X everywhere, as much generated code is written.
import typing


class Config:
    defaults: typing.ClassVar[typing.Dict[str, typing.Any]] = {"retries": 3}

    def __init__(self, values: typing.Optional[typing.Mapping[str, typing.Any]] = None) -> None:
        self.values: typing.Dict[str, typing.Any] = dict(self.defaults)
        self.values.update(values or {})

    def get(self, key: str, default: typing.Any = None) -> typing.Any:
        return self.values.get(key, default)

    def keys(self) -> typing.List[str]:
        return sorted(self.values)


def parse(lines: typing.Iterable[str]) -> typing.Tuple[typing.Dict[str, str], typing.List[str]]:
    ok: typing.Dict[str, str] = {}
    bad: typing.List[str] = []
    for line in lines:
        if "=" in line:
            k, _, v = line.partition("=")
            ok[k.strip()] = v.strip()
        else:
            bad.append(line)
    return ok, bad


c = Config({"name": "x"})
print(c.get("retries"), c.get("name"), c.get("nope", 0), c.keys())
print(parse(["a = 1", "junk", "b=2"]))
print(typing.get_type_hints(Config), typing.get_type_hints(parse))
print(typing.Optional[typing.Mapping[str, typing.Any]], typing.Union[typing.List[int], typing.Set[int]])
print(typing.cast(typing.List[int], "x"), typing.TYPE_CHECKING)
if typing.TYPE_CHECKING:
    print("never")
print(hasattr(typing, "Any"), hasattr(typing, "Protocol"), hasattr(typing, "get_type_hints"), hasattr(typing, "nope"))
