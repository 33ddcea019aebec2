/*
 * Unit tests of snapshots (ev_session_snapshot, ev_session_restore): a
 * program's first half runs in one session, the second in another that
 * restored the first's snapshot, and the output must be the one the whole
 * program prints in one session.  Then the refusals and their messages,
 * and corrupt snapshots (every truncation, every byte flipped), which must
 * end in an error and never in a crash (the ASan build runs these too).
 */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

#include "evaluator/evaluator.h"

Suite *snapshot_suite(void);
const TSLanguage *tree_sitter_python(void);

typedef struct out {
    char buf[16384];
    size_t len;
} out;

static void collect(void *ctx, const char *data, size_t len)
{
    out *o = ctx;
    size_t room = sizeof o->buf - 1 - o->len;
    if (len > room)
        len = room;
    memcpy(o->buf + o->len, data, len);
    o->len += len;
    o->buf[o->len] = '\0';
}

/* Runs code in s (interactive, as a notebook cell), appending its output to
 * o; the status, and the error text on failure (for the assertion message). */
static ev_status run(ev_session *s, const char *code, out *o)
{
    TSParser *p = ts_parser_new();
    ck_assert(ts_parser_set_language(p, tree_sitter_python()));
    TSTree *t = ts_parser_parse_string(p, NULL, code, (uint32_t)strlen(code));
    ck_assert_ptr_nonnull(t);
    ev_result res;
    ev_status st = ev_session_run(s, code, strlen(code), t, "<cell>", EV_MODE_INTERACTIVE, collect, o, &res);
    if (st != EV_OK)
        fprintf(stderr, "run failed: %s\n%s\n", code, res.error ? res.error : "?");
    ev_result_clear(&res);
    ts_tree_delete(t);
    ts_parser_delete(p);
    return st;
}

static const char *const setup_src =
    "import math\n"
    "import random\n"
    "random.seed(12345)\n"
    "random.random()\n"
    "from itertools import accumulate\n"
    "big = 2 ** 200 + 12345\n"
    "neg = -(3 ** 90)\n"
    "fl = [0.1, -0.0, 1e308, float('inf'), float('nan')]\n"
    "cx = complex(1.5, -2.25)\n"
    "s = 'héllo \\u20ac \\U0001F600'\n"
    "b = b'\\x00\\xff bytes'\n"
    "ba = bytearray(b'abc')\n"
    "shared = [1, 2]\n"
    "pair = (shared, shared)\n"
    "a = b2 = []\n"
    "cyc = [1]\n"
    "cyc.append(cyc)\n"
    "d = {'k': cyc, 3: 'three', (1, 2): frozenset({1, 2, frozenset({3})}), None: big}\n"
    "d['self'] = d\n"
    "st = {3, 1, 'x', (2, 'y'), 2 ** 70}\n"
    "rg = range(3, 30, 4)\n"
    "brg = range(2 ** 70, 2 ** 70 + 10, 3)\n"
    "sl = slice(1, None, -2)\n"
    "sq = math.sqrt\n"
    "L = len\n"
    "T = int\n"
    "C = accumulate\n"
    "app = shared.append\n"
    "def fact(n):\n"
    "    return 1 if n <= 1 else n * fact(n - 1)\n"
    "def make_counter(start=10, *, step=1):\n"
    "    count = start\n"
    "    def inc():\n"
    "        nonlocal count\n"
    "        count += step\n"
    "        return count\n"
    "    return inc\n"
    "ctr = make_counter(step=5)\n"
    "ctr()\n"
    "square = lambda x, k=2: x ** k\n"
    "def annotated(x: int, y: 'str' = 'q') -> list:\n"
    "    '''doc here'''\n"
    "    return [x, y]\n"
    "annotated.tag = 'tagged'\n"
    "class Shape:\n"
    "    sides = 0\n"
    "    registry = []\n"
    "    def __init__(self, name):\n"
    "        self.name = name\n"
    "        Shape.registry.append(name)\n"
    "    def describe(self):\n"
    "        return f'{self.name} with {self.sides} sides'\n"
    "    def __repr__(self):\n"
    "        return f'{type(self).__name__}({self.name!r})'\n"
    "    @property\n"
    "    def loud(self):\n"
    "        return self.name.upper()\n"
    "    @staticmethod\n"
    "    def kind():\n"
    "        return 'shape'\n"
    "    @classmethod\n"
    "    def make(cls, name):\n"
    "        return cls(name)\n"
    "class Square(Shape):\n"
    "    sides = 4\n"
    "    def __init__(self, name, size):\n"
    "        super().__init__(name)\n"
    "        self.size = size\n"
    "    def describe(self):\n"
    "        return super().describe() + f' of size {self.size}'\n"
    "class Point:\n"
    "    __slots__ = ('x', 'y')\n"
    "    def __init__(self, x, y):\n"
    "        self.x, self.y = x, y\n"
    "    def __eq__(self, other):\n"
    "        return isinstance(other, Point) and (self.x, self.y) == (other.x, other.y)\n"
    "    def __hash__(self):\n"
    "        return hash((self.x, self.y))\n"
    "    def __repr__(self):\n"
    "        return f'Point({self.x}, {self.y})'\n"
    "class Record:\n"
    "    def __init__(self, **kw):\n"
    "        self.__dict__.update(kw)\n"
    "    def __eq__(self, other):\n"
    "        return vars(self) == vars(other)\n"
    "class Meta(type):\n"
    "    def describe(cls):\n"
    "        return 'meta of ' + cls.__name__\n"
    "class WithMeta(metaclass=Meta):\n"
    "    pass\n"
    "sq1 = Square('box', 3)\n"
    "sh = Shape.make('blob')\n"
    "p1 = Point(1, 2)\n"
    "half = Point(3, 4)\n"
    "del half.y\n"
    "rec = Record(a=1, b=[p1])\n"
    "rec.me = rec\n"
    "bound = sq1.describe\n"
    "points = [p1, p1]\n"
    "def gen(n):\n"
    "    for i in range(n):\n"
    "        yield i * i\n"
    "g = gen(4)\n"
    "def gen2(n, acc=[]):\n"
    "    try:\n"
    "        yield n\n"
    "    finally:\n"
    "        acc.append(n)\n"
    "g2 = gen2(7)\n"
    "ge = (x * 2 for x in shared)\n"
    "it = iter(pair)\n"
    "next(it)\n"
    "rit = iter(range(5))\n"
    "next(rit)\n"
    "ident = {'a': sq1, 'b': sq1}\n"
    "class AppError(Exception):\n"
    "    def __init__(self, msg, code):\n"
    "        super().__init__(msg)\n"
    "        self.code = code\n"
    "errors = []\n"
    "try:\n"
    "    try:\n"
    "        {}['missing']\n"
    "    except KeyError as ke:\n"
    "        raise AppError('lookup failed', 7) from ke\n"
    "except AppError as e:\n"
    "    e.add_note('a note')\n"
    "    errors.append(e)\n"
    "oserr = OSError(2, 'No such file', 'x.txt')\n";

static const char *const use_src =
    "print(big, neg, big - neg)\n"
    "print(fl, [x.hex() for x in fl[:4]])\n"
    "print(cx, s, len(s), b, ba)\n"
    "ba.append(100); print(ba)\n"
    "print(pair[0] is pair[1], a is b2, cyc[1] is cyc)\n"
    "print(d['self'] is d, d[(1, 2)], d[None] == big, list(d))\n"
    "print(st, sorted(map(str, st)))\n"
    "print(rg, list(rg), brg, len(brg), sl, [0,1,2,3,4][sl])\n"
    "print(sq(16.0), L('abcd'), T('42') + 1, list(C([1, 2, 3])))\n"
    "app(3); print(shared, pair)\n"
    "print(fact(20), ctr(), ctr(), square(7), square(2, 10))\n"
    "print(make_counter()(), annotated(1), annotated.__doc__, annotated.__annotations__, annotated.tag)\n"
    "print(annotated.__name__, annotated.__qualname__, ctr.__qualname__)\n"
    "print(sq1, sq1.describe(), sq1.loud, Square.kind(), Shape.registry)\n"
    "print(isinstance(sq1, Shape), issubclass(Square, Shape), Square.__name__, Square.__qualname__)\n"
    "print(Shape.make('made').describe(), Shape.registry)\n"
    "print(p1, p1 == Point(1, 2), {p1: 'v'}[Point(1, 2)], half.x, hasattr(half, 'y'))\n"
    "try:\n"
    "    p1.z = 1\n"
    "except AttributeError as e:\n"
    "    print('AttributeError', e)\n"
    "print(rec.a, rec.b, rec.me is rec, vars(rec).keys())\n"
    "print(bound(), bound == sq1.describe)\n"
    "print(WithMeta.describe(), type(WithMeta).__name__)\n"
    "print(points[0] is points[1], ident['a'] is ident['b'])\n"
    "print(next(g), list(g), list(g2), gen2.__defaults__, list(ge), next(it) is shared, list(it), list(rit))\n"
    "class Circle(Shape):\n"
    "    def describe(self):\n"
    "        return 'round ' + super().describe()\n"
    "print(Circle('c').describe(), Shape.registry)\n"
    "e = errors[0]\n"
    "print(repr(e), e.code, e.args, repr(e.__cause__), e.__context__ is e.__cause__, e.__notes__, e.__suppress_context__)\n"
    "print(type(oserr).__name__, oserr.errno, oserr.strerror, oserr.filename, str(oserr))\n"
    "try:\n"
    "    raise e\n"
    "except AppError as again:\n"
    "    print('caught', again is e, again.code)\n"
    "print(math.pi, type(sh).__name__, sh.loud)\n"
    "print(random.random(), random.randint(1, 10 ** 30), random.gauss(0, 1), random.gauss(0, 1))\n";

/* a new session that may import what the tests use */
static ev_session *session(void)
{
    ev_session *s = ev_session_new(NULL);
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(ev_session_allow_module(s, "collections.abc"), 0);
    ck_assert_int_eq(ev_session_allow_module(s, "dataclasses"), 0);
    return s;
}

static void check_roundtrip(const char *setup, const char *use)
{
    out whole = {0}, split = {0};
    ev_session *one = session();
    ck_assert_int_eq(run(one, setup, &whole), EV_OK);
    ck_assert_int_eq(run(one, use, &whole), EV_OK);
    ev_session_free(one);

    ev_session *a = session();
    ck_assert_int_eq(run(a, setup, &split), EV_OK);
    char *data = NULL, *err = NULL;
    size_t len = 0;
    int rc = ev_session_snapshot(a, &data, &len, &err);
    if (rc)
        fprintf(stderr, "snapshot: %s\n", err);
    ck_assert_int_eq(rc, 0);
    ev_session_free(a);
    ev_session *b = session();
    rc = ev_session_restore(b, data, len, &err);
    if (rc)
        fprintf(stderr, "restore: %s\n", err);
    ck_assert_int_eq(rc, 0);
    ck_assert_int_eq(run(b, use, &split), EV_OK);
    /* a second snapshot of the restored session is the same bytes */
    char *data2 = NULL;
    size_t len2 = 0;
    ev_session *c = session();
    ck_assert_int_eq(ev_session_restore(c, data, len, &err), 0);
    ck_assert_int_eq(ev_session_snapshot(c, &data2, &len2, &err), 0);
    if (len2 != len || memcmp(data, data2, len)) {
        FILE *f1 = fopen("/tmp/snap1.bin", "wb"), *f2 = fopen("/tmp/snap2.bin", "wb");
        fwrite(data, 1, len, f1);
        fwrite(data2, 1, len2, f2);
        fclose(f1);
        fclose(f2);
    }
    ck_assert_str_eq(split.buf, whole.buf);
    ck_assert_uint_eq(len2, len);
    ck_assert(memcmp(data, data2, len) == 0);
    ev_session_free(c);
    ev_session_free(b);
    free(data);
    free(data2);
    ck_assert_str_eq(split.buf, whole.buf);
}

START_TEST(test_roundtrip)
{
    check_roundtrip(setup_src, use_src);
}
END_TEST

START_TEST(test_roundtrip_collections)
{
    check_roundtrip("from collections import Counter, defaultdict, OrderedDict\n"
                    "c = Counter('abracadabra')\n"
                    "dd = defaultdict(list)\n"
                    "dd['x'].append(1)\n"
                    "od = OrderedDict([('b', 1), ('a', 2)])\n"
                    "od.move_to_end('b')\n"
                    "dn = defaultdict(None, k=1)\n",
                    "print(c.most_common(3), c['zz'], dd['y'], sorted(dd), od, dn)\n"
                    "od.move_to_end('a', last=False)\n"
                    "print(list(od), type(c).__name__, dd.default_factory, dn.default_factory)\n"
                    "try:\n    dn['missing']\nexcept KeyError as e:\n    print('KeyError', e)\n");
}
END_TEST

/* The message of a refused snapshot of what `code` leaves. */
static char *refusal(const char *code)
{
    ev_session *s = session();
    out o = {0};
    ck_assert_int_eq(run(s, code, &o), EV_OK);
    char *data = NULL, *err = NULL;
    size_t len = 0;
    ck_assert_int_eq(ev_session_snapshot(s, &data, &len, &err), -1);
    ck_assert_ptr_null(data);
    ck_assert_ptr_nonnull(err);
    ev_session_free(s);
    return err;
}

static void check_refusal(const char *code, const char *want)
{
    char *err = refusal(code);
    if (!strstr(err, want))
        fprintf(stderr, "got: %s\nwant: %s\n", err, want);
    ck_assert_ptr_nonnull(strstr(err, want));
    free(err);
}

START_TEST(test_refusals)
{
    check_refusal("def f():\n    yield 1\ng = f()\nnext(g)\n",
                  "cannot snapshot global 'g': a generator that has started cannot be saved");
    check_refusal("class K:\n    def __hash__(self):\n        return 1\nd = {K(): 1}\n", "cannot snapshot global 'd': a dict key or set member of class 'K'");
    check_refusal("it = iter({1: 2})\n", "cannot snapshot global 'it': 'dict_keyiterator' objects cannot be saved");
    check_refusal("x = [1, {'a': iter('abc')}]\n", "cannot snapshot global 'x': 'str_ascii_iterator' objects cannot be saved");
    check_refusal("x = [1, {'a': map(str, [1])}]\n", "cannot snapshot global 'x': 'map' objects cannot be saved");
    check_refusal("e = ExceptionGroup('g', [ValueError(1)])\n", "cannot snapshot global 'e': exception objects ('ExceptionGroup')");
    check_refusal("class L(list):\n    pass\nl = L()\n", "cannot snapshot global 'l': instances of 'L'");
    check_refusal("import itertools\nq = itertools.count()\n", "cannot snapshot global 'q':");
    check_refusal("from collections import deque\nq = deque([1])\n", "cannot snapshot global 'q': 'collections.deque' objects cannot be saved");
    check_refusal("import re\np = re.compile('a')\n", "cannot snapshot global 'p':");
    check_refusal("async def co():\n    pass\nc = co()\n", "cannot snapshot global 'c': coroutine objects cannot be saved");
    check_refusal("from dataclasses import dataclass\n@dataclass\nclass D:\n    x: int\n",
                  "cannot snapshot global 'D':");
    check_refusal("class A:\n    def m(self):\n        return super()\nsup = A().m()\n", "cannot snapshot global 'sup':");
}
END_TEST

START_TEST(test_restore_needs_fresh_session)
{
    ev_session *a = ev_session_new(NULL);
    out o = {0};
    ck_assert_int_eq(run(a, "x = 1\n", &o), EV_OK);
    char *data = NULL, *err = NULL;
    size_t len = 0;
    ck_assert_int_eq(ev_session_snapshot(a, &data, &len, &err), 0);
    ck_assert_int_eq(ev_session_restore(a, data, len, &err), -1);
    ck_assert_ptr_nonnull(strstr(err, "only into a session that has run nothing"));
    free(err);
    ev_session_free(a);
    free(data);
}
END_TEST

static uint64_t leb(const unsigned char *d, size_t *p)
{
    uint64_t v = 0;
    for (int sh = 0;; sh += 7) {
        unsigned char c = d[(*p)++];
        v |= (uint64_t)(c & 0x7f) << sh;
        if (!(c & 0x80))
            return v;
    }
}

START_TEST(test_program_shape_checked)
{
    ev_session *a = session();
    out o = {0};
    ck_assert_int_eq(run(a, "def f(x):\n    return x + 1\n", &o), EV_OK);
    char *data = NULL, *err = NULL;
    size_t len = 0;
    ck_assert_int_eq(ev_session_snapshot(a, &data, &len, &err), 0);
    ev_session_free(a);
    /* header, one program: its file name, its text, nodes, funcdefs, shape */
    const unsigned char *d = (const unsigned char *)data;
    size_t p = 12;
    ck_assert_uint_eq(leb(d, &p), 1);
    p += leb(d, &p);
    size_t srclen = leb(d, &p), src = p;
    p += srclen;
    (void)leb(d, &p);
    (void)leb(d, &p);
    /* another shape saved: refused */
    data[p] ^= 1;
    ev_session *b = session();
    ck_assert_int_eq(ev_session_restore(b, data, len, &err), -1);
    ck_assert_ptr_nonnull(strstr(err, "lowers to another shape than the one saved"));
    free(err);
    ev_session_free(b);
    data[p] ^= 1;
    /* another text of the same length: `x - 1` lowers to the same shape
     * (a constant and an operator), `x . y` would not parse */
    char *plus = memchr(data + src, '+', srclen);
    ck_assert_ptr_nonnull(plus);
    *plus = '-';
    b = session();
    ck_assert_int_eq(ev_session_restore(b, data, len, &err), 0);
    ck_assert_int_eq(run(b, "print(f(1))\n", &o), EV_OK);
    ck_assert_str_eq(o.buf, "0\n");
    ev_session_free(b);
    *plus = '(';
    b = session();
    ck_assert_int_eq(ev_session_restore(b, data, len, &err), -1);
    ck_assert_ptr_nonnull(strstr(err, "invalid snapshot: a saved program does not lower"));
    free(err);
    ev_session_free(b);
    free(data);
}
END_TEST

START_TEST(test_host_function_missing)
{
    /* a hand-made snapshot: no program, no module, one object (kind 22,
     * a host function saved by its name "fetch") bound to global f */
    static const char snap[] = "SAFEPYSN\x01\x00\x00\x00"
                               "\x00"                         /* programs */
                               "\x00"                         /* modules */
                               "\x01\x16\x06\x05" "fetch"    /* objects */
                               "\x01\x01" "f" "\x05\x00"     /* globals: f = object 0 */
                               "\x00";                        /* module states */
    ev_session *b = session();
    char *err = NULL;
    ck_assert_int_eq(ev_session_restore(b, snap, sizeof snap - 1, &err), -1);
    ck_assert_str_eq(err, "invalid snapshot: the host function 'fetch' is not registered in this session");
    free(err);
    ev_session_free(b);
}
END_TEST

typedef struct big_args {
    const char *data;
    size_t len;
    int rc;
    char out[256];
} big_args;

static void *restore_on_big_stack(void *arg)
{
    big_args *a = arg;
    ev_session *b = ev_session_new(NULL);
    char *err = NULL;
    a->rc = ev_session_restore(b, a->data, a->len, &err);
    free(err);
    out o = {0};
    if (a->rc == 0 && run(b, "print(f(41), g)\n", &o) != EV_OK)
        a->rc = -2;
    snprintf(a->out, sizeof a->out, "%.200s", o.buf);
    ev_session_free(b);
    return NULL;
}

/* On a thread with a run's stack, the restore runs on it (a sandboxed
 * worker may not start threads). */
START_TEST(test_restore_on_run_stack)
{
    ev_session *a = session();
    out o = {0};
    ck_assert_int_eq(run(a, "def f(x):\n    return x + 1\ng = [f]\n", &o), EV_OK);
    char *data = NULL, *err = NULL;
    size_t len = 0;
    ck_assert_int_eq(ev_session_snapshot(a, &data, &len, &err), 0);
    ev_session_free(a);
    big_args args = {data, len, -1, ""};
    pthread_attr_t attr;
    pthread_t th;
    ck_assert_int_eq(pthread_attr_init(&attr), 0);
    ck_assert_int_eq(pthread_attr_setstacksize(&attr, EV_RUN_STACK_BYTES), 0);
    ck_assert_int_eq(pthread_create(&th, &attr, restore_on_big_stack, &args), 0);
    pthread_join(th, NULL);
    pthread_attr_destroy(&attr);
    ck_assert_int_eq(args.rc, 0);
    ck_assert_ptr_nonnull(strstr(args.out, "42 [<function f at"));
    free(data);
}
END_TEST

/* A small valid snapshot for the corruption tests. */
static char *small_snapshot(size_t *len)
{
    ev_session *a = ev_session_new(NULL);
    out o = {0};
    ck_assert_int_eq(run(a,
                         "class A:\n    def __init__(self, v):\n        self.v = v\n"
                         "def f(x, *, k=3):\n    return A(x + k)\n"
                         "x = [f(1), {'a': (1, 2.5, 'z')}, frozenset({(1, 2)}), 2 ** 80]\nx.append(x)\n",
                         &o),
                     EV_OK);
    char *data = NULL, *err = NULL;
    ck_assert_int_eq(ev_session_snapshot(a, &data, len, &err), 0);
    ev_session_free(a);
    return data;
}

static void try_restore(const char *data, size_t len)
{
    ev_session *b = ev_session_new(NULL);
    char *err = NULL;
    int rc = ev_session_restore(b, data, len, &err);
    if (rc == 0) {
        out o = {0};
        (void)run(b, "print(repr(x)[:200])\n", &o);
    } else {
        ck_assert_ptr_nonnull(err);
        free(err);
    }
    ev_session_free(b);
}

START_TEST(test_corrupt_truncated)
{
    size_t len;
    char *data = small_snapshot(&len);
    for (size_t n = 0; n < len; n++) {
        ev_session *b = ev_session_new(NULL);
        char *err = NULL;
        ck_assert_int_eq(ev_session_restore(b, data, n, &err), -1);
        ck_assert_ptr_nonnull(err);
        free(err);
        ev_session_free(b);
    }
    free(data);
}
END_TEST

START_TEST(test_corrupt_flipped)
{
    size_t len;
    char *data = small_snapshot(&len);
    char *copy = malloc(len);
    for (size_t i = 0; i < len; i++) {
        static const unsigned char masks[] = {0x01, 0x80, 0xff};
        for (size_t m = 0; m < sizeof masks; m++) {
            memcpy(copy, data, len);
            copy[i] = (char)(copy[i] ^ masks[m]);
            try_restore(copy, len);
        }
    }
    free(copy);
    free(data);
}
END_TEST

Suite *snapshot_suite(void)
{
    Suite *s = suite_create("snapshot");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_roundtrip);
    tcase_add_test(tc, test_roundtrip_collections);
    tcase_add_test(tc, test_refusals);
    tcase_add_test(tc, test_restore_needs_fresh_session);
    tcase_add_test(tc, test_program_shape_checked);
    tcase_add_test(tc, test_host_function_missing);
    tcase_add_test(tc, test_restore_on_run_stack);
    tcase_add_test(tc, test_corrupt_truncated);
    tcase_add_test(tc, test_corrupt_flipped);
    suite_add_tcase(s, tc);
    return s;
}
