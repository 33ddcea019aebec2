/*
 * Unit tests of the evaluator through its public header: sessions and their
 * state, interactive results, every limit, interruption from another
 * thread, and teardown with live generators.  Language behaviour itself is
 * tested differentially by corpus/.
 */
#include <cJSON.h>
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <tree_sitter/api.h>
#include <unistd.h>

#include "evaluator/evaluator.h"

Suite *evaluator_suite(void);
const TSLanguage *tree_sitter_python(void);

typedef struct out {
    char buf[8192];
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

/* Parse and run one snippet in session s. */
static ev_status run(ev_session *s, const char *code, ev_mode mode, out *o, ev_result *res)
{
    TSParser *p = ts_parser_new();
    ck_assert(ts_parser_set_language(p, tree_sitter_python()));
    TSTree *t = ts_parser_parse_string(p, NULL, code, (uint32_t)strlen(code));
    ck_assert_ptr_nonnull(t);
    if (o)
        o->len = 0, o->buf[0] = '\0';
    ev_status st = ev_session_run(s, code, strlen(code), t, "<test>", mode, o ? collect : NULL, o, res);
    ts_tree_delete(t);
    ts_parser_delete(p);
    return st;
}

START_TEST(test_state_persists_and_resets)
{
    ev_session *s = ev_session_new(NULL);
    ck_assert_ptr_nonnull(s);
    ev_result r;
    out o;
    ck_assert_int_eq(run(s, "x = 41\ndef f(y):\n    return x + y\n", EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ev_result_clear(&r);
    ck_assert_int_eq(run(s, "f(1)", EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ck_assert_str_eq(r.result, "42");
    ev_result_clear(&r);
    ev_session_reset(s);
    ck_assert_int_eq(run(s, "x", EV_MODE_INTERACTIVE, &o, &r), EV_EXCEPTION);
    ck_assert_str_eq(r.error_type, "NameError");
    ck_assert_ptr_nonnull(strstr(r.error, "NameError: name 'x' is not defined\n"));
    ck_assert_uint_eq(r.error_line, 1);
    ev_result_clear(&r);
    ev_session_free(s);
}
END_TEST

/* __del__ in a notebook session: a run ends with the finalizers of what it
 * dropped (the next run's output starts clean); a failing __del__ is
 * reported in r.error as CPython's "Exception ignored in", the run still
 * OK; reset frees the globals without running finalizers (no run, no
 * output channel), and nothing leaks into the next run. */
START_TEST(test_session_finalizers)
{
    ev_session *s = ev_session_new(NULL);
    ev_result r;
    out o;
    ck_assert_int_eq(run(s, "class D:\n    def __init__(self, n):\n        self.n = n\n"
                            "    def __del__(self):\n        print('del', self.n)\nx = D(1)\n",
                         EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ck_assert_str_eq(o.buf, "");
    ev_result_clear(&r);
    ck_assert_int_eq(run(s, "x = D(2)", EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ck_assert_str_eq(o.buf, "del 1\n");
    ev_result_clear(&r);
    ck_assert_int_eq(run(s, "x = None\nprint('after')\nD(3)", EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    /* the result (shown in r.result) is not kept: it goes at the run's end */
    ck_assert_str_eq(o.buf, "del 2\nafter\ndel 3\n");
    ck_assert_ptr_nonnull(strstr(r.result, "<__main__.D object at 0x"));
    ev_result_clear(&r);
    ck_assert_int_eq(run(s, "class B:\n    def __del__(self):\n        raise ValueError('boom')\nB()\nprint('ok')",
                         EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ck_assert_str_eq(o.buf, "ok\n");
    ck_assert_ptr_nonnull(r.error);
    ck_assert_ptr_nonnull(strstr(r.error, "Exception ignored in: <function B.__del__ at 0x"));
    ck_assert_ptr_nonnull(strstr(r.error, "ValueError: boom\n"));
    ev_result_clear(&r);
    ck_assert_int_eq(run(s, "y = D(4)\nL = [D(5)]", EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ev_result_clear(&r);
    ev_session_reset(s);
    ck_assert_int_eq(run(s, "print('fresh')", EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ck_assert_str_eq(o.buf, "fresh\n");
    ev_result_clear(&r);
    ck_assert_int_eq(run(s, "class E:\n    def __del__(self):\n        print('at teardown?')\nz = E()",
                         EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ev_result_clear(&r);
    ev_session_free(s);
}
END_TEST

START_TEST(test_interactive_result)
{
    ev_session *s = ev_session_new(NULL);
    ev_result r;
    out o;
    ck_assert_int_eq(run(s, "print('hi')\n'a' * 3", EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ck_assert_str_eq(o.buf, "hi\n");
    ck_assert_str_eq(r.result, "'aaa'");
    ev_result_clear(&r);
    /* None is not shown, and file mode never returns a value */
    ck_assert_int_eq(run(s, "None", EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ck_assert_ptr_null(r.result);
    ev_result_clear(&r);
    ck_assert_int_eq(run(s, "1 + 1", EV_MODE_FILE, &o, &r), EV_OK);
    ck_assert_ptr_null(r.result);
    ev_result_clear(&r);
    ev_session_free(s);
}
END_TEST

/* A metaclass __prepare__ returning a dict subclass (whose __setitem__
 * would check each name the body binds) is refused, never silently
 * replaced by the plain dict the body fills. */
START_TEST(test_prepare_dict_subclass_refused)
{
    ev_session *s = ev_session_new(NULL);
    ev_result r;
    const char *code = "class D(dict):\n"
                       "    def __setitem__(self, k, v):\n"
                       "        raise TypeError('checked')\n"
                       "class M(type):\n"
                       "    @classmethod\n"
                       "    def __prepare__(mcls, name, bases):\n"
                       "        return D()\n"
                       "class C(metaclass=M):\n"
                       "    a = 1\n";
    ck_assert_int_eq(run(s, code, EV_MODE_FILE, NULL, &r), EV_EXCEPTION);
    ck_assert_str_eq(r.error_type, "NotImplementedError");
    ck_assert_ptr_nonnull(strstr(r.error, "empty dict (of type dict)"));
    ev_result_clear(&r);
    /* a defaultdict's __missing__ would answer the body's missing names */
    ck_assert_int_eq(run(s, "from collections import defaultdict\n"
                            "class M3(type):\n"
                            "    @classmethod\n"
                            "    def __prepare__(mcls, name, bases):\n"
                            "        return defaultdict(int)\n"
                            "class C3(metaclass=M3):\n"
                            "    a = 1\n", EV_MODE_FILE, NULL, &r), EV_EXCEPTION);
    ck_assert_str_eq(r.error_type, "NotImplementedError");
    ev_result_clear(&r);
    /* a dict or an OrderedDict is what the body fills anyway */
    ck_assert_int_eq(run(s, "from collections import OrderedDict\n"
                            "class M2(type):\n"
                            "    @classmethod\n"
                            "    def __prepare__(mcls, name, bases):\n"
                            "        return OrderedDict() if name == 'C2' else {}\n"
                            "class C2(metaclass=M2):\n"
                            "    a = 1\n"
                            "class C4(metaclass=M2):\n"
                            "    b = 1\n"
                            "print(C2.a, C4.b)\n", EV_MODE_FILE, NULL, &r), EV_OK);
    ev_result_clear(&r);
    ev_session_free(s);
}
END_TEST

START_TEST(test_syntax_refusal_names_construct)
{
    ev_session *s = ev_session_new(NULL);
    ev_result r;
    ck_assert_int_eq(run(s, "x = 1\nbases = ()\nclass A(*bases):\n    pass\n", EV_MODE_FILE, NULL, &r), EV_SYNTAX);
    ck_assert_str_eq(r.error_type, "SyntaxError");
    ck_assert_ptr_nonnull(strstr(r.error, "unpacking in a class statement's bases is not supported by safepy"));
    ck_assert_uint_eq(r.error_line, 3);
    ev_result_clear(&r);
    /* a decorated coroutine, and one in a class: a coroutine object whose
     * body does not run at the call, never a plain function */
    const char *decorated[] = {"def d(f):\n    return f\n@d\nasync def f():\n    print('ran')\nc = f()\n",
                               "class A:\n    @staticmethod\n    async def g():\n        print('ran')\nc = A.g()\n"};
    for (int i = 0; i < 2; i++) {
        out o = {0};
        ck_assert_int_eq(run(s, decorated[i], EV_MODE_INTERACTIVE, &o, &r), EV_OK);
        ev_result_clear(&r);
        ck_assert_int_eq(run(s, "type(c).__name__", EV_MODE_INTERACTIVE, &o, &r), EV_OK);
        ck_assert_str_eq(r.result, "'coroutine'");
        ev_result_clear(&r);
        ck_assert_int_eq(run(s, "c.close()", EV_MODE_INTERACTIVE, &o, &r), EV_OK);
        ev_result_clear(&r);
        ck_assert_ptr_null(strstr(o.buf, "ran"));
    }
    ev_session_free(s);
}
END_TEST

/* The match statement's compile-time errors, as CPython 3.11's compile()
 * reports them (the grammar accepts these programs, or some of them). */
START_TEST(test_match_syntax_errors)
{
    static const struct {
        const char *src, *msg;
        uint32_t line;
    } cases[] = {
        {"match 1:\n    case x:\n        pass\n    case 2:\n        pass\n", "name capture 'x' makes remaining patterns unreachable", 2},
        {"match 1:\n    case _:\n        pass\n    case 2:\n        pass\n", "wildcard makes remaining patterns unreachable", 2},
        {"match 1:\n    case [x, x]:\n        pass\n", "multiple assignments to name 'x' in pattern", 2},
        {"match 1:\n    case [x] | []:\n        pass\n", "alternative patterns bind different names", 2},
        {"match 1:\n    case [*a, *b]:\n        pass\n", "multiple starred names in sequence pattern", 2},
        {"match 1:\n    case {'a': 1, 'a': 2}:\n        pass\n", "mapping pattern checks duplicate key ('a')", 2},
        {"match 1:\n    case {1: _, 1.0: _}:\n        pass\n", "mapping pattern checks duplicate key (1.0)", 2},
        {"match 1:\n    case {-1: _, -1: _}:\n        pass\n", "mapping pattern checks duplicate key (-1)", 2},
        {"match 1:\n    case {**_}:\n        pass\n", "invalid syntax", 2},
        {"match 1:\n    case P(x=1, x=2):\n        pass\n", "attribute name repeated in class pattern: x", 2},
        {"match 1:\n    case P(x=1, 2):\n        pass\n", "positional patterns follow keyword patterns", 2},
        {"match 1:\n    case x as _:\n        pass\n", "cannot use '_' as a target", 2},
        {"match 1:\n    case f'x':\n        pass\n", "patterns may only match literals and attribute lookups", 2},
        {"match 1:\n    case (x | y) as x:\n        pass\n", "name capture 'x' makes remaining patterns unreachable", 2},
        {"match 1:\n    case 1 as True:\n        pass\n", "invalid pattern target", 2},
        {"match 1:\n    case _ | 1:\n        pass\n", "wildcard makes remaining patterns unreachable", 2},
        {"match 1:\n    case {**rest, 'a': 1}:\n        pass\n", "invalid syntax", 2},
        {"match 1:\n    case *a:\n        pass\n", "invalid syntax", 2},
        {"match 1:\n    case 1 | x:\n        pass\n    case 2:\n        pass\n", "name capture 'x' makes remaining patterns unreachable", 2},
        {"match 1:\n    case {'a': x, 'b': x}:\n        pass\n", "multiple assignments to name 'x' in pattern", 2},
        {"match 1:\n    case x as y:\n        pass\n    case 2:\n        pass\n", "name capture 'x' makes remaining patterns unreachable", 2},
        {"match 1:\n    case {x: 1}:\n        pass\n", "invalid syntax", 2},
        {"match 1:\n    case 1 + 1:\n        pass\n", "imaginary number required in complex literal", 2},
        {"match 1:\n    case 1j + 1j:\n        pass\n", "real number required in complex literal", 2},
        {"def f(v):\n    match v:\n        case (1, x) | (x, 2) if x:\n            pass\n        case [a, *b, c] | [a, c, *b]:\n            pass\n        case y:\n            pass\n        case 3:\n            pass\n", "name capture 'y' makes remaining patterns unreachable", 7},
    };
    ev_session *s = ev_session_new(NULL);
    ck_assert_ptr_nonnull(s);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        ev_result r;
        char want[160];
        snprintf(want, sizeof want, "SyntaxError: %s\n", cases[i].msg);
        ck_assert_int_eq(run(s, cases[i].src, EV_MODE_FILE, NULL, &r), EV_SYNTAX);
        ck_assert_str_eq(r.error_type, "SyntaxError");
        ck_assert_msg(strstr(r.error, want) != NULL, "case %zu: want %s got %s", i, want, r.error);
        ck_assert_uint_eq(r.error_line, cases[i].line);
        ev_result_clear(&r);
    }
    ev_session_free(s);
}
END_TEST

START_TEST(test_refused_class_forms_are_loud)
{
    /* a __prepare__ whose namespace the class body would not use is refused,
     * never silently replaced by a plain dict */
    ev_session *s = ev_session_new(NULL);
    ev_result r;
    out o;
    const char *code = "class M(type):\n    @classmethod\n    def __prepare__(mcs, name, bases):\n"
                       "        return {'preset': 1}\nclass A(metaclass=M):\n    pass\nprint('ran')\n";
    ck_assert_int_ne(run(s, code, EV_MODE_FILE, &o, &r), EV_OK);
    ck_assert_str_eq(r.error_type, "NotImplementedError");
    ck_assert_ptr_nonnull(strstr(r.error, "__prepare__"));
    ck_assert_str_eq(o.buf, "");
    ev_result_clear(&r);
    /* an empty dict is what the body fills anyway: accepted */
    const char *empty = "class M(type):\n    def __prepare__(name, bases):\n        return {}\n"
                        "class A(metaclass=M):\n    x = 1\nprint(A.x, type(A).__name__)\n";
    ck_assert_int_eq(run(s, empty, EV_MODE_FILE, &o, &r), EV_OK);
    ck_assert_str_eq(o.buf, "1 M\n");
    ev_result_clear(&r);
    /* a Random subclass overriding what the C methods use without asking
     * the object is refused at the class statement */
    const char *sealed = "import random\nclass R(random.Random):\n    def random(self):\n        return 0.5\n";
    ck_assert_int_ne(run(s, sealed, EV_MODE_FILE, &o, &r), EV_OK);
    ck_assert_str_eq(r.error_type, "NotImplementedError");
    ck_assert_ptr_nonnull(strstr(r.error, "overriding random() in a subclass of random.Random"));
    ev_result_clear(&r);
    ev_session_free(s);
}
END_TEST

START_TEST(test_time_limit_uncatchable)
{
    ev_limits l = {.timeout_s = 0.2};
    ev_session *s = ev_session_new(&l);
    ev_result r;
    const char *code = "try:\n    while True:\n        pass\nexcept BaseException:\n    print('caught')\n"
                       "finally:\n    print('finally')\n";
    out o;
    ck_assert_int_eq(run(s, code, EV_MODE_FILE, &o, &r), EV_LIMIT);
    ck_assert_str_eq(r.limit, "time");
    ck_assert_str_eq(o.buf, ""); /* neither except nor finally ran */
    ev_result_clear(&r);
    /* the session is usable afterwards */
    ck_assert_int_eq(run(s, "print(1)", EV_MODE_FILE, &o, &r), EV_OK);
    ck_assert_str_eq(o.buf, "1\n");
    ev_result_clear(&r);
    ev_session_free(s);
}
END_TEST

START_TEST(test_memory_limit_precheck)
{
    ev_limits l = {.max_memory = 16u << 20};
    ev_session *s = ev_session_new(&l);
    ev_result r;
    static const char *const bombs[] = {
        "x = 'a' * 10**10", "x = 10**10**9", "x = [0] * 10**9", "x = 1 << 10**7\ny = [x, x + 1, x + 2, x + 3, x + 4, x + 5, x + 6, x + 7, x + 8, x + 9, x + 10, x + 11, x + 12, x + 13]",
        "x = []\nwhile True:\n    x.append('abcdefgh' * 100)",
    };
    for (size_t i = 0; i < sizeof bombs / sizeof *bombs; i++) {
        time_t t0 = time(NULL);
        ck_assert_int_eq(run(s, bombs[i], EV_MODE_FILE, NULL, &r), EV_LIMIT);
        ck_assert_str_eq(r.limit, "memory");
        ck_assert_int_le(time(NULL) - t0, 3);
        ev_result_clear(&r);
    }
    /* A single request larger than the whole budget can never succeed, so it
     * is CPython's catchable MemoryError rather than a session limit.  A fresh
     * session: the last bomb left its list bound to x, near the budget. */
    ev_session_free(s);
    s = ev_session_new(&l);
    ck_assert_int_eq(run(s, "x = 1 << 10**12", EV_MODE_FILE, NULL, &r), EV_EXCEPTION);
    ck_assert_ptr_nonnull(strstr(r.error, "MemoryError"));
    ev_result_clear(&r);
    ev_session_free(s);
}
END_TEST

START_TEST(test_output_limit_truncates)
{
    ev_limits l = {.max_output = 100};
    ev_session *s = ev_session_new(&l);
    ev_result r;
    out o;
    ck_assert_int_eq(run(s, "while True:\n    print('0123456789')", EV_MODE_FILE, &o, &r), EV_LIMIT);
    ck_assert_str_eq(r.limit, "output");
    ck_assert(r.output_truncated);
    ck_assert_uint_eq(o.len, 100);
    ev_result_clear(&r);
    ev_session_free(s);
}
END_TEST

START_TEST(test_recursion_is_recursionerror)
{
    ev_limits l = {.max_depth = 50};
    ev_session *s = ev_session_new(&l);
    ev_result r;
    out o;
    const char *code = "def f(n):\n    return f(n + 1)\ntry:\n    f(0)\nexcept RecursionError as e:\n"
                       "    print('caught', e)\n";
    ck_assert_int_eq(run(s, code, EV_MODE_FILE, &o, &r), EV_OK);
    ck_assert_str_eq(o.buf, "caught maximum recursion depth exceeded\n");
    ev_result_clear(&r);
    ev_session_free(s);
}
END_TEST

typedef struct interrupter {
    ev_session *s;
} interrupter;

static void *interrupt_later(void *arg)
{
    interrupter *it = arg;
    usleep(100 * 1000);
    ev_session_interrupt(it->s);
    return NULL;
}

START_TEST(test_interrupt_from_another_thread)
{
    ev_limits l = {.timeout_s = 30};
    ev_session *s = ev_session_new(&l);
    interrupter it = {s};
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, interrupt_later, &it), 0);
    ev_result r;
    ck_assert_int_eq(run(s, "n = 0\nwhile True:\n    n += 1", EV_MODE_FILE, NULL, &r), EV_LIMIT);
    ck_assert_str_eq(r.limit, "cancelled");
    pthread_join(th, NULL);
    ev_result_clear(&r);
    ev_session_free(s);
}
END_TEST

START_TEST(test_generators_across_runs_and_teardown)
{
    ev_session *s = ev_session_new(NULL);
    ev_result r;
    out o;
    const char *def = "def g():\n    try:\n        n = 0\n        while True:\n            yield n\n"
                      "            n += 1\n    finally:\n        pass\nit = g()\n";
    ck_assert_int_eq(run(s, def, EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ev_result_clear(&r);
    /* a suspended generator resumes in a later run (on another thread) */
    ck_assert_int_eq(run(s, "next(it), next(it)", EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ck_assert_str_eq(r.result, "(0, 1)");
    ev_result_clear(&r);
    ck_assert_int_eq(run(s, "next(it)", EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ck_assert_str_eq(r.result, "2");
    ev_result_clear(&r);
    /* freed while suspended, at teardown */
    ev_session_free(s);
}
END_TEST

/* A long notebook session stays flat: each call's program is freed once
 * nothing from it is reachable (functions, classes, lambdas, generators,
 * tracebacks, NameError suggestion scopes), while what a call keeps stays
 * usable in the next.  Counts and bytes, no timing. */
START_TEST(test_programs_freed_when_unreachable)
{
    static const char cell[] =
        "try:\n"
        "    old = kept\n"
        "except NameError:\n"
        "    old = None\n"
        "if old is not None:\n"
        "    assert old[0](2)() == 3 and old[5]() == 0 and next(old[2]) == 2\n"
        "def f(x, y=[1]):\n"
        "    def g():\n"
        "        return x + 1\n"
        "    return g\n"
        "class C:\n"
        "    def m(self):\n"
        "        return lambda: self\n"
        "def gen():\n"
        "    try:\n"
        "        yield 1\n"
        "        yield 2\n"
        "    finally:\n"
        "        pass\n"
        "it = gen()\n"
        "next(it)\n"
        "try:\n"
        "    f(1)()[0]\n"
        "except TypeError as e:\n"
        "    err = e\n"
        "def h():\n"
        "    return undefined_nme\n"
        "try:\n"
        "    h()\n"
        "except NameError as e:\n"
        "    err2 = e\n"
        "c = C()\n"
        "c.me = c\n"
        "kept = (f, c.m(), it, err, err2, lambda: 0, (x for x in range(3)), c)\n"
        "del old, c, err, err2, it\n"
        "[str(i) * 3 for i in range(100)][-1]\n";
    ev_session *s = ev_session_new(NULL);
    ck_assert_ptr_nonnull(s);
    ev_result r;
    out o;
    for (int i = 0; i < 20; i++) {
        ck_assert_int_eq(run(s, cell, EV_MODE_INTERACTIVE, &o, &r), EV_OK);
        ev_result_clear(&r);
    }
    size_t bytes0, progs0, bytes1, progs1;
    ev_session_usage(s, &bytes0, &progs0);
    ck_assert_uint_le(progs0, 2);
    for (int i = 0; i < 300; i++) {
        ck_assert_int_eq(run(s, cell, EV_MODE_INTERACTIVE, &o, &r), EV_OK);
        ev_result_clear(&r);
    }
    ev_session_usage(s, &bytes1, &progs1);
    ck_assert_uint_eq(progs1, progs0);
    ck_assert_uint_le(bytes1, bytes0 + 4096);
    /* a traceback kept in a global holds its program, released with it */
    ck_assert_int_eq(run(s, "def boom():\n    1/0\ntry:\n    boom()\nexcept ZeroDivisionError as e:\n    t = e\n",
                         EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ev_result_clear(&r);
    ck_assert_int_eq(run(s, "del boom\nraise t", EV_MODE_INTERACTIVE, &o, &r), EV_EXCEPTION);
    ck_assert_ptr_nonnull(strstr(r.error, "line 2, in boom\n    1/0\n"));
    ev_result_clear(&r);
    /* (the instance cycle in kept goes at the end of a call that made containers) */
    ck_assert_int_eq(run(s, "del t, kept, f, C, gen, h\n[[] for _ in range(3)]", EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ev_result_clear(&r);
    ev_session_usage(s, NULL, &progs1);
    ck_assert_uint_eq(progs1, 0);
    ev_session_reset(s);
    ev_session_free(s);
}
END_TEST

/* A notebook session survives a failed allocation anywhere in a cell: the
 * run ends in a clean limit (or MemoryError), and the next run, with
 * allocation working again, gives the right result.  SAFEPY_FAIL_ALLOC is
 * honoured by sanitizer builds only; elsewhere the first run succeeds and
 * the loop ends at once.  tests/allocfail.sh does the same over whole
 * corpus programs, in file mode. */
START_TEST(test_failed_allocation_leaves_session_usable)
{
    static const char cell[] =
        "import re\n"
        "class P:\n"
        "    def __init__(self, x):\n"
        "        self.x = x\n"
        "def gen(n):\n"
        "    for i in range(n):\n"
        "        yield P(i)\n"
        "d = {str(p.x): p for p in gen(6)}\n"
        "try:\n"
        "    d['nope']\n"
        "except KeyError as e:\n"
        "    k = e.args[0]\n"
        "f'{sorted(d)} {k} {2 ** 70} ' + re.sub('a+', 'b', 'caat')\n";
    static const char want[] = "\"['0', '1', '2', '3', '4', '5'] nope 1180591620717411303424 cbt\"";
    ev_session *s = ev_session_new(NULL);
    ck_assert_ptr_nonnull(s);
    ev_result r;
    out o;
    char spec[32];
    for (unsigned n = 1; n < 5000; n++) {
        snprintf(spec, sizeof spec, "%u%s", n, n % 3 ? "" : "+");
        setenv("SAFEPY_FAIL_ALLOC", spec, 1);
        ev_status st = run(s, cell, EV_MODE_INTERACTIVE, &o, &r);
        unsetenv("SAFEPY_FAIL_ALLOC");
        if (st == EV_OK) {
            ck_assert_str_eq(r.result, want);
            ev_result_clear(&r);
            if (n % 3) /* a single failure past the last allocation: done */
                break;
            continue;
        }
        if (st == EV_EXCEPTION)
            ck_assert_str_eq(r.error_type, "MemoryError");
        else
            ck_assert_msg(st == EV_LIMIT && strcmp(r.limit, "memory") == 0, "SAFEPY_FAIL_ALLOC=%s: status %d",
                          spec, st);
        ev_result_clear(&r);
        ck_assert_int_eq(run(s, cell, EV_MODE_INTERACTIVE, &o, &r), EV_OK);
        ck_assert_str_eq(r.result, want);
        ev_result_clear(&r);
    }
    ev_session_free(s);
}
END_TEST

/* queue: a wait no other thread can end raises at once, naming the
 * deadlock (CPython would hang); a timeout is a real, limited wait. */
START_TEST(test_queue_waits_single_thread)
{
    ev_limits l = {.timeout_s = 2.0};
    ev_session *s = ev_session_new(&l);
    ev_result r;
    out o;
    static const char *const blocked[] = {
        "import queue\nqueue.Queue().get()\n",
        "import queue\nqueue.SimpleQueue().get(block=True)\n",
        "import queue\nq = queue.Queue(1)\nq.put(1)\nq.put(2)\n",
        "import queue\nq = queue.LifoQueue()\nq.put(1)\nq.join()\n",
    };
    for (size_t i = 0; i < sizeof blocked / sizeof *blocked; i++) {
        ck_assert_int_eq(run(s, blocked[i], EV_MODE_FILE, &o, &r), EV_EXCEPTION);
        ck_assert_str_eq(r.error_type, "RuntimeError");
        ck_assert_ptr_nonnull(strstr(r.error, "deadlock:"));
        ck_assert_ptr_nonnull(strstr(r.error, "would wait forever"));
        ev_result_clear(&r);
    }
    /* a timeout shorter than the limit: Empty / Full, as CPython */
    ck_assert_int_eq(run(s, "import queue\nq = queue.Queue(1)\ntry:\n    q.get(timeout=0.01)\n"
                            "except queue.Empty:\n    print('empty')\nq.put(0)\ntry:\n"
                            "    q.put(1, timeout=0.01)\nexcept queue.Full:\n    print('full')\n"
                            "q.get()\nq.task_done()\nq.join()\n",
                     EV_MODE_FILE, &o, &r), EV_OK);
    ck_assert_str_eq(o.buf, "empty\nfull\n");
    ev_result_clear(&r);
    /* a timeout beyond the limit ends with the time limit */
    ck_assert_int_eq(run(s, "import queue\nqueue.Queue().get(timeout=60)\n", EV_MODE_FILE, &o, &r),
                     EV_LIMIT);
    ck_assert_str_eq(r.limit, "time");
    ev_result_clear(&r);
    ev_session_free(s);
}
END_TEST

START_TEST(test_module_names_are_the_allowlist)
{
    const char *const *names = ev_module_names();
    size_t n = 0;
    for (; names[n]; n++)
        ;
    ck_assert_uint_eq(n, 11);
    ck_assert_str_eq(names[0], "collections");
    ck_assert_str_eq(names[10], "unicodedata");
    /* a bare session imports collections (which imports collections.abc) */
    ev_session *s = ev_session_new(NULL);
    ck_assert_ptr_nonnull(s);
    ev_result r;
    const char *code = "import collections\nprint(collections.Counter('aab').most_common(1))\n";
    TSParser *p = ts_parser_new();
    ck_assert(ts_parser_set_language(p, tree_sitter_python()));
    TSTree *t = ts_parser_parse_string(p, NULL, code, (uint32_t)strlen(code));
    ck_assert_int_eq(ev_session_run(s, code, strlen(code), t, "<t>", EV_MODE_FILE, NULL, NULL, &r), EV_OK);
    ev_result_clear(&r);
    ts_tree_delete(t);
    ts_parser_delete(p);
    ev_session_free(s);
}
END_TEST

/* Every escape-chain attribute of rules/policy.json (but those whose safepy
 * object is harmless, as the entry says) is refused at run time
 * on every kind of object, through every computed-name door (getattr with
 * and without a default, hasattr, setattr, delattr, str.format's field
 * traversal), with the policy's reason, and never answered silently. */
START_TEST(test_policy_attributes_refused)
{
    FILE *f = fopen("rules/policy.json", "rb");
    ck_assert_msg(f != NULL, "rules/policy.json (run from the repository root)");
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    cJSON *j = cJSON_Parse(text);
    ck_assert_ptr_nonnull(j);
    const cJSON *attrs = cJSON_GetObjectItemCaseSensitive(j, "attributes"), *a;
    ck_assert_int_ge(cJSON_GetArraySize(attrs), 20);
    ev_session *s = ev_session_new(NULL);
    ev_result r;
    out o;
    const char *setup =
        "import random\n"
        "def f(): pass\n"
        "class C:\n    def m(self): pass\n"
        "def gen():\n    yield 1\n"
        "try:\n    1 / 0\nexcept ZeroDivisionError as z:\n    tbobj = z.__traceback__\n"
        "objs = [object(), f, C, C(), C().m, int, 3, 'x', [], gen(), ValueError('v'), random, print,\n"
        "        random.Random(1), (i for i in ()), tbobj]\n"
        "def probe(n):\n"
        "    bad = []\n"
        "    doors = [lambda o: getattr(o, n), lambda o: getattr(o, n, None), lambda o: hasattr(o, n),\n"
        "             lambda o: setattr(o, n, 1), lambda o: delattr(o, n),\n"
        "             lambda o: ('{0.' + n + '}').format(o)]\n"
        "    for o in objs:\n"
        "        for k, door in enumerate(doors):\n"
        "            try:\n"
        "                door(o)\n"
        "                bad.append((type(o).__name__, k, 'answered'))\n"
        "            except AttributeError as e:\n"
        "                if 'not allowed in safepy' not in str(e) or '; instead, ' not in str(e):\n"
        "                    bad.append((type(o).__name__, k, str(e)))\n"
        "    return bad\n";
    ck_assert_int_eq(run(s, setup, EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ev_result_clear(&r);
    cJSON_ArrayForEach(a, attrs) {
        char code[256];
        if (cJSON_GetObjectItemCaseSensitive(a, "harmless_in_safepy")) {
            /* reachable by a computed name (a getattr loop over dir()) */
            snprintf(code, sizeof code, "print(callable(getattr(C(), '%s')))\n", a->string);
            ck_assert_msg(run(s, code, EV_MODE_INTERACTIVE, &o, &r) == EV_OK, "%s: %s", a->string,
                          r.error ? r.error : "?");
            ck_assert_str_eq(o.buf, "True\n");
            ev_result_clear(&r);
            continue;
        }
        snprintf(code, sizeof code, "print(probe('%s'))\n", a->string);
        ck_assert_msg(run(s, code, EV_MODE_INTERACTIVE, &o, &r) == EV_OK, "%s: %s", a->string,
                      r.error ? r.error : "?");
        ck_assert_msg(strcmp(o.buf, "[]\n") == 0, "%s: %s", a->string, o.buf);
        ev_result_clear(&r);
    }
    /* the reason printed is the policy's */
    ck_assert_int_eq(run(s, "getattr(f, '__glo' + 'bals__')\n", EV_MODE_INTERACTIVE, &o, &r), EV_EXCEPTION);
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(attrs, "__globals__");
    ck_assert_ptr_nonnull(strstr(r.error, cJSON_GetObjectItemCaseSensitive(g, "why")->valuestring));
    ck_assert_ptr_nonnull(strstr(r.error, cJSON_GetObjectItemCaseSensitive(g, "instead")->valuestring));
    ev_result_clear(&r);
    ev_session_free(s);
    cJSON_Delete(j);
}
END_TEST

/* The OS lockdown (ev_sandbox_enter) is tested in test_mcp.c, beside the
 * worker process that relies on it. */

/* Does the tree of t hold a node of type ty? */
static bool tree_has_type(TSNode root, const char *ty)
{
    TSTreeCursor c = ts_tree_cursor_new(root);
    bool found = false;
    for (;;) {
        if (strcmp(ts_node_type(ts_tree_cursor_current_node(&c)), ty) == 0) {
            found = true;
            break;
        }
        if (ts_tree_cursor_goto_first_child(&c))
            continue;
        while (!ts_tree_cursor_goto_next_sibling(&c))
            if (!ts_tree_cursor_goto_parent(&c))
                goto done;
    }
done:
    ts_tree_cursor_delete(&c);
    return found;
}

/* Item 6 of issue 24: every named node type the grammar can produce
 * (node-types.json, read now) is in the lowering's table (lower_grammar.c),
 * each entry is a type of the grammar, its sample holds that type, and the
 * sample is refused with the entry's message exactly when it has one. */
START_TEST(test_grammar_node_types_handled)
{
    const char *dir = getenv("SAFEPY_GRAMMAR_DIR");
    char path[512];
    snprintf(path, sizeof path, "%s/node-types.json", dir ? dir : "build/grammar/src");
    FILE *fp = fopen(path, "rb");
    ck_assert_msg(fp != NULL, "cannot open %s", path);
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, fp);
    fclose(fp);
    ck_assert_uint_lt(n, sizeof buf - 1);
    buf[n] = '\0';
    cJSON *types = cJSON_Parse(buf);
    ck_assert_ptr_nonnull(types);
    const ev_grammar_node *table = ev_grammar_nodes();
    int missing = 0, concrete = 0;
    cJSON *t;
    cJSON_ArrayForEach(t, types) {
        cJSON *named = cJSON_GetObjectItem(t, "named"), *ty = cJSON_GetObjectItem(t, "type");
        if (!cJSON_IsTrue(named) || cJSON_GetObjectItem(t, "subtypes"))
            continue; /* an anonymous token, or a supertype no tree holds */
        concrete++;
        const ev_grammar_node *e = table;
        while (e->type && strcmp(e->type, ty->valuestring) != 0)
            e++;
        if (!e->type) {
            fprintf(stderr, "grammar node type '%s' is neither lowered nor refused in lower_grammar.c\n",
                    ty->valuestring);
            missing++;
        }
    }
    ck_assert_int_eq(missing, 0);
    ck_assert_int_gt(concrete, 100);
    TSParser *p = ts_parser_new();
    ck_assert(ts_parser_set_language(p, tree_sitter_python()));
    int bad = 0;
    for (const ev_grammar_node *e = table; e->type; e++) {
        bool known = false;
        cJSON_ArrayForEach(t, types) {
            cJSON *ty = cJSON_GetObjectItem(t, "type");
            if (cJSON_IsTrue(cJSON_GetObjectItem(t, "named")) && strcmp(ty->valuestring, e->type) == 0)
                known = true;
        }
        if (!e->sample) {
            /* a type the grammar declares but never builds: said why */
            ck_assert_msg(known && e->refusal && strncmp(e->refusal, "never built", 11) == 0,
                          "grammar node type '%s' has no sample", e->type);
            continue;
        }
        TSTree *tree = ts_parser_parse_string(p, NULL, e->sample, (uint32_t)strlen(e->sample));
        ck_assert_ptr_nonnull(tree);
        bool holds = tree_has_type(ts_tree_root_node(tree), e->type);
        ts_tree_delete(tree);
        ev_session *s = ev_session_new(NULL);
        ev_result r;
        ev_status st = run(s, e->sample, EV_MODE_FILE, NULL, &r);
        bool ok;
        if (e->refusal)
            ok = st == EV_SYNTAX && r.error && strstr(r.error, e->refusal);
        else
            ok = st != EV_SYNTAX && st != EV_INTERNAL &&
                 !(r.error_type && strcmp(r.error_type, "NotImplementedError") == 0);
        if (!known || !holds || !ok) {
            fprintf(stderr, "grammar node type '%s': %s%s%sstatus %d, %s\n", e->type,
                    known ? "" : "not a type of the grammar, ", holds ? "" : "sample does not hold it, ",
                    ok ? "" : e->refusal ? "expected the refusal, " : "expected it lowered, ", (int)st,
                    r.error ? r.error : "no error");
            bad++;
        }
        ev_result_clear(&r);
        ev_session_free(s);
    }
    ts_parser_delete(p);
    cJSON_Delete(types);
    ck_assert_int_eq(bad, 0);
}
END_TEST

Suite *evaluator_suite(void)
{
    Suite *s = suite_create("evaluator");
    TCase *tc = tcase_create("sessions");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_state_persists_and_resets);
    tcase_add_test(tc, test_interactive_result);
    tcase_add_test(tc, test_prepare_dict_subclass_refused);
    tcase_add_test(tc, test_session_finalizers);
    tcase_add_test(tc, test_syntax_refusal_names_construct);
    tcase_add_test(tc, test_refused_class_forms_are_loud);
    tcase_add_test(tc, test_match_syntax_errors);
    tcase_add_test(tc, test_time_limit_uncatchable);
    tcase_add_test(tc, test_memory_limit_precheck);
    tcase_add_test(tc, test_output_limit_truncates);
    tcase_add_test(tc, test_recursion_is_recursionerror);
    tcase_add_test(tc, test_interrupt_from_another_thread);
    tcase_add_test(tc, test_generators_across_runs_and_teardown);
    tcase_add_test(tc, test_programs_freed_when_unreachable);
    tcase_add_test(tc, test_failed_allocation_leaves_session_usable);
    tcase_add_test(tc, test_module_names_are_the_allowlist);
    tcase_add_test(tc, test_policy_attributes_refused);
    tcase_add_test(tc, test_queue_waits_single_thread);
    tcase_add_test(tc, test_grammar_node_types_handled);
    suite_add_tcase(s, tc);
    return s;
}
