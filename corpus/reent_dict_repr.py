# repr of a dict whose keys' and values' __repr__ clear or grow it
class R:
    def __repr__(s):
        d.clear()
        return "R"
d = {1: R(), 2: R(), 3: R()}
print(d)
print(d)
class G:
    def __repr__(s):
        for i in range(100):
            d[i + 10] = i
        return "G"
d = {1: G(), 2: 3}
print(repr(d)[:40])
print(len(d))
class KR:
    def __repr__(s):
        d.pop(2, None)
        return "KR"
d = {KR(): 1, 2: KR(), 3: 4}
print(d)
d = {}
d[1] = d
print(d, str(d))
class S:
    def __repr__(s):
        st.clear()
        return "S"
st = {S(), S(), S()}
print(st)
print(st)
