print(type(1), type(1).__name__, type.__name__, isinstance(int, type), type(type), type(len))
