# args: --allow-module io
# expect: exit=1 stdout="refused 10" stderr="NotImplementedError" stderr="no files"
# The io module has no file API: open and the file classes are names that
# refuse, loudly, when called; and nothing in the module reaches a module
# object or the interpreter.
import io
names = ["open", "open_code", "text_encoding", "FileIO", "BufferedReader", "BufferedWriter",
         "BufferedRandom", "BufferedRWPair", "TextIOWrapper", "IncrementalNewlineDecoder"]
n = 0
for name in names:
    try:
        getattr(io, name)("/etc/passwd")
    except NotImplementedError as e:
        assert "no files" in str(e), e
        n += 1
print("refused", n)
for v in [getattr(io, k) for k in dir(io)]:
    assert type(v).__name__ != "module", v
for abstract in [io.IOBase, io.TextIOBase, io.BufferedIOBase, io.RawIOBase]:
    try:
        abstract()
    except NotImplementedError:
        pass
io.open("/etc/passwd").read()
