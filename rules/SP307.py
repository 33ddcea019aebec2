# Rule test for SP307 (format string traversal).
# ruleid: SP307
s = "{0.__class__}".format(x)
# ok: SP307
s = "{x.y}".format(x=obj)
# ok: SP307
s = "{p.real}/{p.imag}".format_map({"p": 3 + 4j})
# ruleid: SP307
s = "{0[0].__class__}".format(d)
# ok: SP307
s = "{0[secret]}".format(d)
# ruleid: SP307
s = 'value: {v.__init__.__globals__}'.format_map({"v": obj})
# ok: SP307
s = "{{ok}} {0.attr}".format(o)
# ruleid: SP307
s = "{{ok}} {0.attr._x}".format(o)
# ok: SP307
s = "{0:>10}".format(x)
# ok: SP307
s = "{name}".format(name=n)
# ok: SP307
s = "{} and {}".format(a, b)
# ok: SP307
s = "{{not.a.field}}".format()
# ok: SP307
s = "{:.2f}".format(3.14159)
# ok: SP307
s = "{0!r:^20}".format(x)
# ruleid: SP307
s = "{0[__builtins__]}".format(g)
# ruleid: SP307
s = "{d[1]} {d[_secret]}".format(d=d)
# ok: SP307
s = "{0[1]} {0[0]}".format(["a", "b"])
# ok: SP307
s = "{{0[_x]}}".format()
# ruleid: SP307
s = "{0.gi_frame.f_globals}".format(g)
# ruleid: SP307
s = "{m.sys.modules}".format(m=datetime)
# ruleid: SP307
s = "{0:{1.os}}".format(a, b)
# ok: SP307
s = "{0.osx} {0.system}".format(a)
# ruleid: SP307
s = "{0.\x5f_class__}".format(x)
# ruleid: SP307
s = "{0.a}\n".format(x)
# ok: SP307
s = "{0}\n{1:>4}".format(x, y)
# ruleid: SP307
s = f"{{0.{name}}}".format(x)
# ruleid: SP307
s = template.format(x)
# ruleid: SP307
s = str.format("{0.__class__}", x)
# ruleid: SP307
s = ("{0." "__class__}").format(x)
# ruleid: SP307
s = "{0." "__class__}".format(x)
# ruleid: SP307
show = "{0.__class__}".format
import calendar
import calendar as cal
# ok: SP307
s = calendar.format(["a", "b"])
# ok: SP307
s = cal.format(["a"], colwidth=4)
# ruleid: SP307
s = heapq.format(x)
# ruleid: SP307
def shadow(heapq): return heapq.format(x)
import heapq
