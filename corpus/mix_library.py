# A library system: books and members, checkout limits, due dates counted in
# days, a fine computation, exceptions with context and a report table.
class LibraryError(Exception):
    pass
class NotAvailable(LibraryError):
    pass
class LimitReached(LibraryError):
    pass

class Book:
    def __init__(self, isbn, title):
        self.isbn, self.title = isbn, title
        self.borrower = None
        self.due = None
    def __repr__(self):
        return f"<{self.title}>"

class Member:
    LIMIT = 2
    def __init__(self, name):
        self.name = name
        self.books = []
        self.fines = 0

class Premium(Member):
    LIMIT = 4

class Library:
    FINE_PER_DAY = 25
    def __init__(self, books):
        self.books = {b.isbn: b for b in books}
        self.today = 0

    def checkout(self, member, isbn, days=14):
        try:
            book = self.books[isbn]
        except KeyError:
            raise NotAvailable(f"no book {isbn}")
        if book.borrower is not None:
            raise NotAvailable(f"{book.title} is out with {book.borrower.name}")
        if len(member.books) >= member.LIMIT:
            raise LimitReached(f"{member.name} already has {len(member.books)} books")
        book.borrower, book.due = member, self.today + days
        member.books.append(book)

    def give_back(self, member, isbn):
        book = self.books[isbn]
        late = max(0, self.today - book.due)
        member.fines += late * self.FINE_PER_DAY
        member.books.remove(book)
        book.borrower = book.due = None
        return late

lib = Library([Book(i, t) for i, t in [(1, "Dune"), (2, "Emma"), (3, "Ulysses"), (4, "Beloved")]])
ann, bob = Member("ann"), Premium("bob")
for who, isbn in [(ann, 1), (ann, 2), (ann, 3), (bob, 1), (bob, 3), (bob, 9), (bob, 4)]:
    try:
        lib.checkout(who, isbn)
        print(f"{who.name} took {lib.books[isbn].title}")
    except LibraryError as e:
        print(f"{type(e).__name__}: {e} (context: {type(e.__context__).__name__})")
lib.today = 20
print("late days:", lib.give_back(ann, 1), lib.give_back(bob, 3))
for m in (ann, bob):
    print(f"{m.name:4} {type(m).__name__:8} books={m.books} fines={m.fines / 100:.2f}")
