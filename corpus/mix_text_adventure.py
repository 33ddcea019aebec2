# A text adventure engine: rooms linked by exits, a player with an inventory,
# commands dispatched through a dict of bound methods, and game errors.
class GameError(Exception):
    pass

class Room:
    def __init__(self, name, items=()):
        self.name = name
        self.items = list(items)
        self.exits = {}
    def link(self, direction, other, back):
        self.exits[direction] = other
        other.exits[back] = self

class Player:
    def __init__(self, start):
        self.room = start
        self.inventory = []
        self.moves = 0
        self.commands = {"go": self.go, "take": self.take, "drop": self.drop, "look": self.look}

    def go(self, direction):
        if direction not in self.room.exits:
            raise GameError(f"no exit {direction} from {self.room.name}")
        self.room = self.room.exits[direction]
        self.moves += 1
        return f"you enter the {self.room.name}"

    def take(self, item):
        if item not in self.room.items:
            raise GameError(f"there is no {item} here")
        self.room.items.remove(item)
        self.inventory.append(item)
        return f"taken: {item}"

    def drop(self, item):
        try:
            self.inventory.remove(item)
        except ValueError:
            raise GameError(f"you have no {item}") from None
        self.room.items.append(item)
        return f"dropped: {item}"

    def look(self):
        exits = ", ".join(sorted(self.room.exits)) or "none"
        items = ", ".join(self.room.items) or "nothing"
        return f"{self.room.name}: exits {exits}; you see {items}"

    def do(self, line):
        verb, *args = line.split()
        try:
            return self.commands[verb](*args)
        except KeyError:
            return f"unknown verb {verb!r}"
        except GameError as e:
            return f"can't: {e}"
        except TypeError:
            return f"wrong number of words for {verb!r}"

hall, kitchen, cellar = Room("hall", ["lamp"]), Room("kitchen", ["knife", "bread"]), Room("cellar")
hall.link("north", kitchen, "south")
kitchen.link("down", cellar, "up")
p = Player(hall)
for line in ["look", "take lamp", "go north", "take bread", "take sword", "go west",
             "go down", "drop bread", "drop lamp", "drop lamp", "look", "dance", "take", "go up"]:
    print(f"> {line:12} {p.do(line)}")
print(p.moves, p.inventory, cellar.items)
