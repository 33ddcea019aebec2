# Uncaught error in __init__ of a subclass reached through super().__init__.
class Base:
    def __init__(self, size):
        if size < 0:
            raise ValueError(f"size must be >= 0, got {size}")
        self.size = size

class Buffer(Base):
    def __init__(self, size, fill=0):
        super().__init__(size)
        self.data = [fill] * size

print(len(Buffer(3).data))
Buffer(-2)
