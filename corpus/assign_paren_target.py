# a parenthesized target is the target itself, not a one-element unpacking
(a) = range(1); print(a)
((b)) = [5, 6]; print(b)
for (c) in [(1, 2)]: print(c)
(d), e = 1, 2; print(d, e)
x = [0, [1]]
(x[0]) = 3; print(x)
(x[0]) += 1; print(x)
(x[1][0]) *= 7; print(x)
class O: pass
o = O()
(o.v) = "v"; (o.v) += "w"; print(o.v)
(f,) = [9]; print(f)
[(g)] = ["g"]; print(g)
for (h), (i) in [(1, 2)]: print(h, i)
