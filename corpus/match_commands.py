# A text-adventure command parser written with match.
def parse(line):
    match line.split():
        case []:
            return "say something"
        case ["quit" | "exit" | "q"]:
            return "goodbye"
        case ["go", ("north" | "south" | "east" | "west") as direction]:
            return f"you walk {direction}"
        case ["go", other]:
            return f"you cannot go {other}"
        case ["get", obj]:
            return f"you take the {obj}"
        case ["get", *objs] if len(objs) > 3:
            return f"too many things ({len(objs)})"
        case ["get", first, *rest]:
            return f"you take the {first} and {', '.join(rest)}"
        case ["drop", *objs, "carefully"]:
            return f"you gently drop {objs}"
        case [verb, *_] if verb.startswith("#"):
            return "a comment"
        case [verb, *args]:
            return f"unknown verb {verb!r} with {len(args)} args"


for line in ["", "quit", "q", "go north", "go up", "get lamp", "get lamp key rope",
             "get a b c d e", "drop vase bowl carefully", "# note this", "dance wildly now"]:
    print(f"{line!r:28} -> {parse(line)}")


def route(method, path):
    match method, path.strip("/").split("/"):
        case "GET", [""]:
            return "index"
        case "GET", ["users"]:
            return "list users"
        case "GET", ["users", uid] if uid.isdigit():
            return f"show user {int(uid)}"
        case ("PUT" | "PATCH") as m, ["users", uid]:
            return f"{m.lower()} user {uid}"
        case "DELETE", ["users", uid, *extra]:
            return f"delete {uid} extra={extra}"
        case _, ["static", *parts]:
            return "static file " + "/".join(parts)
        case m, p:
            return f"404 {m} {p}"


for m, p in [("GET", "/"), ("GET", "/users"), ("GET", "/users/42"), ("GET", "/users/bob"),
             ("PATCH", "/users/7"), ("DELETE", "/users/7/force/now"), ("POST", "/static/css/a.css"),
             ("POST", "/nowhere")]:
    print(m, p, "=>", route(m, p))
