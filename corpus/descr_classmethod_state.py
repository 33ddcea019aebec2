# classmethods and staticmethods managing per-class state: each subclass gets
# its own counter through cls, and a staticmethod used as a sort key.
class Model:
    _ids = None

    @classmethod
    def next_id(cls):
        if cls._ids is None or cls._ids[0] is not cls:
            cls._ids = (cls, 0)
        owner, n = cls._ids
        cls._ids = (cls, n + 1)
        return f"{cls.__name__.lower()}-{n + 1}"

    def __init__(self, title):
        self.id = self.next_id()
        self.title = title

    @staticmethod
    def sort_key(m):
        return (len(m.title), m.title)

    @classmethod
    def bulk(cls, *titles):
        return [cls(t) for t in titles]

class User(Model):
    pass

class Post(Model):
    pass

items = User.bulk("zed", "amy") + Post.bulk("hello", "hi", "yo") + [User("bo")]
print([m.id for m in items])
print([m.title for m in sorted(items, key=Model.sort_key)])
print(User.sort_key(items[0]), type(items[2]).__name__, Model.next_id())
