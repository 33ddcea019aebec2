"""The Python binding (bindings/python/safepy) over build/libsafepy.so.

    python3 tests/lib/test_binding.py      (SAFEPY_LIBRARY=... to test another)

unittest only; the last line is `binding: N passed, N failed`.
"""
import os
import re
import sys
import threading
import time
import unittest

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import safepy  # noqa: E402


class Basics(unittest.TestCase):
    def test_run_value_stdout(self):
        with safepy.Sandbox() as sb:
            r = sb.run("x = 40\nprint('hello', x)\nx + 2")
            self.assertEqual((r.status, r.stdout, r.value, r.repr), ("ok", "hello 40\n", 42, "42"))
            self.assertIsNone(r.error)
            self.assertEqual(r.diagnostics, [])
            r = sb.run("[x, 'é', b'\\x00', (1.5, None), {'k': {1, 2}}, frozenset(), 2**100, -2**70]")
            self.assertEqual(r.value, [40, "é", b"\x00", (1.5, None), {"k": {1, 2}}, frozenset(),
                                       2 ** 100, -2 ** 70])

    def test_not_plain_value(self):
        with safepy.Sandbox() as sb:
            r = sb.run("class C:\n    def __repr__(self): return 'C()'\nC()")
            self.assertEqual((r.status, r.value, r.repr), ("ok", None, "C()"))
            r = sb.run("None")
            self.assertEqual((r.status, r.value, r.repr), ("ok", None, None))

    def test_error(self):
        with safepy.Sandbox() as sb:
            r = sb.run("def f():\n    return {}['k']\nf()")
            self.assertEqual(r.status, "error")
            self.assertEqual(r.error_type, "KeyError")
            self.assertIn("Traceback (most recent call last)", r.error)
            self.assertTrue(r.error.rstrip().endswith("KeyError: 'k'"), r.error)

    def test_rejected(self):
        with safepy.Sandbox() as sb:
            r = sb.run("print('no')\nimport subprocess")
            self.assertEqual((r.status, r.stdout), ("rejected", ""))
            d = r.diagnostics[0]
            self.assertEqual(set(d), {"rule", "severity", "message", "line", "column", "end_line",
                                      "end_column", "hint"})
            self.assertTrue(d["rule"].startswith("SP"))
            self.assertEqual((d["line"], d["column"], d["severity"]), (2, 8, "error"))
            self.assertTrue(d["hint"])
            self.assertIn("import subprocess", r.report)
            self.assertEqual(sb.check("1 +").status, "rejected")
            c = sb.check("print('checked only')")
            self.assertEqual((c.status, c.stdout), ("ok", ""))

    def test_allow_modules(self):
        with safepy.Sandbox() as sb:
            self.assertEqual(sb.run("import json").status, "rejected")
        with safepy.Sandbox(allow_modules=["json"]) as sb:
            self.assertEqual(sb.run("import json\njson.dumps({'a': 1})").value, '{"a": 1}')
        with self.assertRaisesRegex(safepy.SafepyError, "'os'"):
            safepy.Sandbox(allow_modules=["os"])

    def test_reset(self):
        with safepy.Sandbox() as sb:
            sb.run("x = 1")
            self.assertEqual(sb.run("x").value, 1)
            sb.reset()
            self.assertEqual(sb.run("x").error_type, "NameError")

    def test_closed(self):
        sb = safepy.Sandbox()
        sb.close()
        sb.close()
        with self.assertRaises(ValueError):
            sb.run("1")

    def test_huge_int_text(self):
        # past CPython's 4,300-digit limit of int <-> str: by chunks
        from safepy import _plain
        for n in (0, -7, 10 ** 4299, 3 ** 20000 + 1, -(7 ** 12345)):
            text = _plain.int_to_dec(n)
            self.assertEqual(_plain.dec_to_int(text), n)
            self.assertEqual(text.startswith("-"), n < 0)
        self.assertEqual(_plain.int_to_dec(10 ** 5000), "1" + "0" * 5000)
        self.assertEqual(_plain.dec_to_int("-1" + "0" * 5000), -(10 ** 5000))

    def test_sizes(self):
        self.assertEqual(safepy.parse_size("64M", "m"), 64 << 20)
        self.assertEqual(safepy.parse_size("512k", "m"), 512 << 10)
        self.assertEqual(safepy.parse_size(4096, "m"), 4096)
        for bad in ("", "12X", "-1", "0", 0):
            with self.assertRaises(ValueError):
                safepy.parse_size(bad, "m")


class Limits(unittest.TestCase):
    def test_time(self):
        with safepy.Sandbox(timeout=0.3) as sb:
            r = sb.run("while True:\n    pass")
            self.assertEqual((r.status, r.limit), ("limit", "time"))
            self.assertEqual(sb.run("1 + 1").value, 2)

    def test_memory(self):
        with safepy.Sandbox(max_memory="16M") as sb:
            r = sb.run("x = []\nwhile True:\n    x.append('a' * 100000)")
            self.assertEqual((r.status, r.limit), ("limit", "memory"))

    def test_output(self):
        with safepy.Sandbox(max_output="1K") as sb:
            r = sb.run("for i in range(100000):\n    print(i)")
            self.assertEqual((r.status, r.limit), ("limit", "output"))
            self.assertLessEqual(len(r.stdout), 1024)

    def test_depth(self):
        with safepy.Sandbox(max_depth=40) as sb:
            r = sb.run("def f(n):\n    return f(n + 1)\nf(0)")
            self.assertTrue(r.limit == "recursion" or r.error_type == "RecursionError", r)

    def test_bad_config(self):
        for kw in ({"timeout": 0}, {"max_memory": "1K"}, {"max_depth": 0}, {"max_output": "lots"}):
            with self.assertRaises((ValueError, safepy.SafepyError)):
                safepy.Sandbox(**kw)

    def test_cancel_from_another_thread(self):
        with safepy.Sandbox(timeout=600) as sb:
            done = threading.Event()
            out = []
            t = threading.Thread(target=lambda: (out.append(sb.run("while True:\n    pass")), done.set()))
            t.start()
            while not done.wait(0.02):  # a cancel before the run starts is lost: repeat
                sb.cancel()
            t.join()
            self.assertEqual((out[0].status, out[0].limit), ("limit", "cancelled"))

    def test_two_sandboxes_two_threads(self):
        res = {}

        def work(n):
            with safepy.Sandbox() as sb:
                res[n] = sb.run("s = 0\nfor i in range(%d):\n    s += i\ns" % (50000 * n)).value
        ts = [threading.Thread(target=work, args=(n,)) for n in (1, 2)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        self.assertEqual(res, {n: sum(range(50000 * n)) for n in (1, 2)})


class HostFunctions(unittest.TestCase):
    def test_echo_and_kinds(self):
        with safepy.Sandbox(functions={"echo": lambda x: x}) as sb:
            r = sb.run("v = [None, True, 3, 2**200, 1.5, 'ß', b'b', [1], (2,), {'a': (3,)}, {4}, frozenset({5})]\n"
                       "echo(v) == v")
            self.assertEqual((r.status, r.value), ("ok", True), r.error)

    def test_kwargs_and_modules(self):
        def search(query, limit=10):
            return [query] * limit
        with safepy.Sandbox(functions={"tools.search": search, "add": lambda *a: sum(a)}) as sb:
            r = sb.run("from tools import search\nsearch('q', limit=2) + [add(1, 2, 3)]")
            self.assertEqual(r.value, ["q", "q", 6], r.error)

    def test_exceptions(self):
        class MyError(Exception):
            pass

        class MyKeyError(KeyError):
            pass

        def boom(kind):
            raise {"key": KeyError("nope"), "value": ValueError("bad"), "mine": MyError("mine"),
                   "subkey": MyKeyError("sub")}[kind]
        with safepy.Sandbox(functions={"boom": boom}) as sb:
            r = sb.run("out = []\nfor k in ('key', 'value', 'mine', 'subkey'):\n"
                       "    try:\n        boom(k)\n"
                       "    except Exception as e:\n        out.append((type(e).__name__, str(e)))\nout")
            self.assertEqual(r.value, [("KeyError", "'nope'"), ("ValueError", "bad"),
                                       ("RuntimeError", "mine"), ("KeyError", "'sub'")], r.error)
            r = sb.run("boom('value')")
            self.assertEqual((r.status, r.error_type), ("error", "ValueError"))

    def test_non_plain(self):
        with safepy.Sandbox(functions={"echo": lambda x: x, "obj": lambda: object()}) as sb:
            r = sb.run("echo(lambda: 1)")
            self.assertEqual(r.error_type, "TypeError")
            self.assertIn("function", r.error)
            r = sb.run("obj()")
            self.assertEqual(r.error_type, "TypeError")
            self.assertIn("object", r.error)

    def test_slow_callback_is_the_time_limit(self):
        calls = []

        def slow():
            calls.append(1)
            time.sleep(1.0)
            return 1
        with safepy.Sandbox(timeout=0.3, functions={"slow": slow}) as sb:
            r = sb.run("slow()\nprint('after')")
            self.assertEqual((r.status, r.limit, r.stdout), ("limit", "time", ""))
            self.assertEqual(calls, [1])

    def test_variables(self):
        with safepy.Sandbox() as sb:
            sb.send_variables({"data": [1, 2, 3], "name": "x"})
            self.assertEqual(sb.run("data.append(len(name))\nsum(data)").value, 7)
            self.assertEqual(sb.get_variable("data"), [1, 2, 3, 1])
            with self.assertRaises(KeyError):
                sb.get_variable("nothing")
            sb.run("f = lambda: 1")
            with self.assertRaisesRegex(safepy.SafepyError, "function"):
                sb.get_variable("f")
            with self.assertRaises(TypeError):
                sb.set_variable("o", object())


class Snapshots(unittest.TestCase):
    def test_roundtrip(self):
        fns = {"double": lambda x: 2 * x}
        with safepy.Sandbox(timeout=3, allow_modules=["json"], functions=fns) as sb:
            r = sb.run("import json\nclass P:\n    def __init__(self, n): self.n = n\n"
                       "def gen():\n    yield 1\n    yield 2\n"
                       "p = P(21)\ng = gen()\nrunning = gen()\nnext(running)\n"
                       "def f(): return double(p.n)")
            self.assertEqual(r.status, "ok", r.error)
            # a started generator cannot be saved (its frame is a C stack);
            # the refusal names it, and one not started yet is saved
            with self.assertRaisesRegex(safepy.SafepyError, "'running'.*started"):
                sb.snapshot()
            sb.run("del running")
            data = sb.snapshot()
        self.assertIsInstance(data, bytes)
        with safepy.Sandbox.restore(data, functions=fns) as sb2:
            r = sb2.run("f(), next(g), next(g), json.dumps([p.n])")
            self.assertEqual(r.value, (42, 1, 2, "[21]"), r.error)
        with self.assertRaises(safepy.SafepyError):
            safepy.Sandbox.restore(data[: len(data) // 2], functions=fns)
        with self.assertRaises(safepy.SafepyError):
            safepy.Sandbox.restore(b"not a snapshot")


class Docs(unittest.TestCase):
    def test_embedding_md_examples(self):
        """docs/embedding.md's Python blocks run, in order, in one namespace."""
        with open(os.path.join(ROOT, "docs", "embedding.md"), encoding="utf-8") as f:
            text = f.read()
        blocks = re.findall(r"```python\n(.*?)```", text, re.S)
        self.assertTrue(blocks)
        ns = {"__name__": "embedding_md"}
        for i, b in enumerate(blocks):
            exec(compile(b, "<docs/embedding.md, python block %d>" % (i + 1), "exec"), ns)


if __name__ == "__main__":
    prog = unittest.main(exit=False, verbosity=int(os.environ.get("VERBOSE", "1")))
    r = prog.result
    bad = len(r.failures) + len(r.errors)
    print("binding: %d passed, %d failed" % (r.testsRun - bad, bad))
    sys.exit(1 if bad else 0)
