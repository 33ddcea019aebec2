/*
 * Unit tests of host functions and plain data through the evaluator's
 * public header: the registry (builtin-like names, modules and their
 * namespaces, exception classes), the binder's TypeErrors (CPython's for
 * `def f(a, b=None, *, c, d=None)`), plain data both ways, what a callback
 * may answer (errors, limits, invalid data), and the globals as plain data.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <tree_sitter/api.h>

#include "evaluator/evaluator.h"

Suite *host_suite(void);
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

static ev_status run(ev_session *s, const char *code, ev_mode mode, out *o, ev_result *res)
{
    TSParser *p = ts_parser_new();
    ck_assert(ts_parser_set_language(p, tree_sitter_python()));
    TSTree *t = ts_parser_parse_string(p, NULL, code, (uint32_t)strlen(code));
    ck_assert_ptr_nonnull(t);
    o->len = 0, o->buf[0] = '\0';
    ev_status st = ev_session_run(s, code, strlen(code), t, "<test>", mode, collect, o, res);
    ts_tree_delete(t);
    ts_parser_delete(p);
    return st;
}

/* Runs code as a file; it must end well; returns its output. */
static const char *run_ok(ev_session *s, const char *code, out *o)
{
    ev_result r;
    ev_status st = run(s, code, EV_MODE_FILE, o, &r);
    if (st != EV_OK)
        fprintf(stderr, "unexpected failure:\n%s\n%s", code, r.error ? r.error : "(no error)");
    ck_assert_int_eq(st, EV_OK);
    ev_result_clear(&r);
    return o->buf;
}

/* ---- plain data on the host side ------------------------------------------------------------- */

static int copy_plain(ev_plain *dst, const ev_plain *src)
{
    *dst = *src;
    switch (src->kind) {
    case EV_PLAIN_BIGINT:
    case EV_PLAIN_STR:
    case EV_PLAIN_BYTES:
        dst->u.text.data = malloc(src->u.text.len + 1);
        if (!dst->u.text.data)
            return -1;
        memcpy(dst->u.text.data, src->u.text.data, src->u.text.len + 1);
        return 0;
    case EV_PLAIN_LIST:
    case EV_PLAIN_TUPLE:
    case EV_PLAIN_DICT:
    case EV_PLAIN_SET:
    case EV_PLAIN_FROZENSET:
        dst->u.seq.items = calloc(src->u.seq.len ? src->u.seq.len : 1, sizeof(ev_plain));
        if (!dst->u.seq.items)
            return -1;
        for (size_t i = 0; i < src->u.seq.len; i++)
            if (copy_plain(&dst->u.seq.items[i], &src->u.seq.items[i]))
                return -1;
        return 0;
    default:
        return 0;
    }
}

/* kinds and values as the host sees them, e.g. "LIST[INT:1,STR(3):a?b]" */
static void show(char *b, size_t n, const ev_plain *v)
{
    static const char *const names[] = {"NONE", "BOOL", "INT", "BIGINT", "FLOAT", "STR", "BYTES",
                                        "LIST", "TUPLE", "DICT", "SET", "FROZENSET"};
    size_t l = strlen(b);
    if (l + 64 >= n)
        return;
    switch (v->kind) {
    case EV_PLAIN_BOOL: snprintf(b + l, n - l, "BOOL:%d", v->u.b); break;
    case EV_PLAIN_INT: snprintf(b + l, n - l, "INT:%lld", (long long)v->u.i); break;
    case EV_PLAIN_FLOAT: snprintf(b + l, n - l, "FLOAT:%g", v->u.f); break;
    case EV_PLAIN_BIGINT:
    case EV_PLAIN_STR:
    case EV_PLAIN_BYTES: {
        snprintf(b + l, n - l, "%s(%zu):", names[v->kind], v->u.text.len);
        l = strlen(b);
        for (size_t i = 0; i < v->u.text.len && l + 2 < n; i++)
            b[l++] = v->u.text.data[i] >= 32 && v->u.text.data[i] < 127 ? v->u.text.data[i] : '?';
        b[l] = '\0';
        break;
    }
    case EV_PLAIN_NONE: snprintf(b + l, n - l, "NONE"); break;
    default:
        snprintf(b + l, n - l, "%s[", names[v->kind]);
        for (size_t i = 0; i < v->u.seq.len; i++) {
            if (i)
                strncat(b, ",", n - strlen(b) - 1);
            show(b, n, &v->u.seq.items[i]);
        }
        strncat(b, "]", n - strlen(b) - 1);
    }
}

static char seen[4096]; /* what the last recording callback saw */

static ev_host_status cb_echo(void *ud, const ev_host_call *c, ev_plain *result, ev_host_error *err)
{
    (void)ud, (void)err;
    return c->nargs && copy_plain(result, &c->args[0]) == 0 ? EV_HOST_OK : EV_HOST_ERROR;
}

/* records args and keywords into seen */
static ev_host_status cb_record(void *ud, const ev_host_call *c, ev_plain *result, ev_host_error *err)
{
    (void)ud, (void)result, (void)err;
    seen[0] = '\0';
    snprintf(seen, sizeof seen, "%s(", c->name);
    for (size_t i = 0; i < c->nargs; i++) {
        show(seen, sizeof seen, &c->args[i]);
        strncat(seen, " ", sizeof seen - strlen(seen) - 1);
    }
    for (size_t i = 0; i < c->nkw; i++) {
        strncat(seen, c->kwnames[i], sizeof seen - strlen(seen) - 1);
        strncat(seen, "=", sizeof seen - strlen(seen) - 1);
        show(seen, sizeof seen, &c->kwargs[i]);
        strncat(seen, " ", sizeof seen - strlen(seen) - 1);
    }
    strncat(seen, ")", sizeof seen - strlen(seen) - 1);
    return EV_HOST_OK;
}

/* fail(type, message): raises type(message) */
static ev_host_status cb_fail(void *ud, const ev_host_call *c, ev_plain *result, ev_host_error *err)
{
    (void)ud, (void)result;
    if (c->nargs < 1 || c->args[0].kind != EV_PLAIN_STR)
        return EV_HOST_ERROR;
    snprintf(err->type, sizeof err->type, "%s", c->args[0].u.text.data);
    if (c->nargs > 1 && c->args[1].kind == EV_PLAIN_STR)
        err->message = strdup(c->args[1].u.text.data);
    return EV_HOST_ERROR;
}

static ev_host_status cb_sleepy(void *ud, const ev_host_call *c, ev_plain *result, ev_host_error *err)
{
    (void)ud, (void)result, (void)err;
    struct timespec t = {0, 0};
    double s = c->time_left_s + 0.2;
    t.tv_sec = (time_t)s;
    t.tv_nsec = (long)((s - (double)t.tv_sec) * 1e9);
    nanosleep(&t, NULL);
    return EV_HOST_OK;
}

static ev_host_status cb_limit(void *ud, const ev_host_call *c, ev_plain *result, ev_host_error *err)
{
    (void)ud, (void)c, (void)result, (void)err;
    return EV_HOST_LIMIT;
}

static ev_host_status cb_time_left(void *ud, const ev_host_call *c, ev_plain *result, ev_host_error *err)
{
    (void)ud, (void)err;
    result->kind = EV_PLAIN_FLOAT;
    result->u.f = c->time_left_s;
    return EV_HOST_OK;
}

static char *dupn(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

static ev_plain *seq(ev_plain *v, ev_plain_kind k, size_t n)
{
    v->kind = k;
    v->u.seq.len = n;
    v->u.seq.items = calloc(n ? n : 1, sizeof(ev_plain));
    return v->u.seq.items;
}

static void text(ev_plain *v, ev_plain_kind k, const char *s, size_t n)
{
    v->kind = k;
    v->u.text.data = dupn(s, n);
    v->u.text.len = n;
}

/* bad(n): the n-th kind of invalid data */
static ev_host_status cb_bad(void *ud, const ev_host_call *c, ev_plain *result, ev_host_error *err)
{
    (void)ud, (void)err;
    int64_t n = c->nargs ? c->args[0].u.i : 0;
    ev_plain *it;
    switch (n) {
    case 0: text(result, EV_PLAIN_STR, "ab\xff", 3); break;
    case 1: text(result, EV_PLAIN_STR, "\xed\xa0\x80", 3); break; /* a surrogate */
    case 2:
        it = seq(result, EV_PLAIN_DICT, 3);
        text(&it[0], EV_PLAIN_STR, "k", 1);
        break;
    case 3:
        it = seq(result, EV_PLAIN_DICT, 2);
        seq(&it[0], EV_PLAIN_LIST, 0);
        break;
    case 4: {
        ev_plain *v = result;
        for (int i = 0; i < 100000; i++) /* deeper than anything: ev_plain_clear must cope */
            v = seq(v, EV_PLAIN_LIST, 1);
        break;
    }
    case 5: result->kind = (ev_plain_kind)99; break;
    case 6: text(result, EV_PLAIN_BIGINT, "12a", 3); break;
    case 7: text(result, EV_PLAIN_BIGINT, "-", 1); break;
    case 8:
        it = seq(result, EV_PLAIN_SET, 1);
        it = seq(&it[0], EV_PLAIN_TUPLE, 2);
        seq(&it[1], EV_PLAIN_DICT, 0);
        break;
    case 9: { /* a value the session's memory cannot hold: 24 MiB of str */
        it = seq(result, EV_PLAIN_LIST, 24 * 1024);
        char kib[1024];
        memset(kib, 'x', sizeof kib);
        for (size_t i = 0; i < 24 * 1024; i++)
            text(&it[i], EV_PLAIN_STR, kib, sizeof kib);
        break;
    }
    case 10: text(result, EV_PLAIN_BIGINT, "-123456789012345678901234567890", 31); break;
    case 11: text(result, EV_PLAIN_BIGINT, "42", 2); break; /* small after all */
    case 12: return (ev_host_status)7;                          /* no such status */
    case 13: {                                                   /* 10**30000 - 1 */
        char *nines = malloc(30001);
        memset(nines, '9', 30000);
        nines[30000] = '\0';
        result->kind = EV_PLAIN_BIGINT;
        result->u.text.data = nines;
        result->u.text.len = 30000;
        break;
    }
    default: return EV_HOST_LIMIT;
    }
    return EV_HOST_OK;
}

static ev_host_status cb_reenter(void *ud, const ev_host_call *c, ev_plain *result, ev_host_error *err)
{
    (void)c, (void)err;
    ev_plain v = {.kind = EV_PLAIN_INT, .u.i = 1};
    char *e = NULL;
    int r = ev_session_set_global(ud, "x", &v, &e);
    free(e);
    ev_result res;
    ev_status st = ev_session_run(ud, "", 0, (const TSTree *)ud, "<x>", EV_MODE_FILE, NULL, NULL, &res);
    ev_result_clear(&res);
    result->kind = EV_PLAIN_BOOL;
    result->u.b = r == -1 && st == EV_INTERNAL;
    return EV_HOST_OK;
}

static const ev_host_param sig_params[] = {
    {"a", true, false}, {"b", false, false}, {"c", true, true}, {"d", false, true}};

static ev_session *host_session(const ev_limits *l)
{
    ev_session *s = ev_session_new(l);
    ck_assert_ptr_nonnull(s);
    const ev_host_param one[] = {{"x", true, false}};
    const ev_host_param two[] = {{"kind", true, false}, {"message", false, false}};
    const ev_host_param q[] = {{"query", true, false}, {"limit", false, true}};
    const ev_host_def defs[] = {
        {"echo", "echo(x) -> x, copied out and back in", one, 1, false, cb_echo, NULL},
        {"sig", NULL, sig_params, 4, false, cb_record, NULL},
        {"dump", NULL, NULL, 0, true, cb_record, NULL},
        {"fail", NULL, two, 2, false, cb_fail, NULL},
        {"sleepy", NULL, NULL, 0, false, cb_sleepy, NULL},
        {"hostlimit", NULL, NULL, 0, false, cb_limit, NULL},
        {"time_left", NULL, NULL, 0, false, cb_time_left, NULL},
        {"bad", NULL, one, 1, false, cb_bad, NULL},
        {"reenter", NULL, NULL, 0, false, cb_reenter, s},
        {"tools.github.search_issues", "Search the issues of a repository.", q, 2, false, cb_record, NULL},
        {"tools.ping", NULL, NULL, 0, true, cb_record, NULL},
    };
    for (size_t i = 0; i < sizeof defs / sizeof *defs; i++)
        ck_assert_int_eq(ev_session_add_host(s, &defs[i]), 0);
    ck_assert_int_eq(ev_session_add_host_exception(s, "tools.ToolError", "A tool failed."), 0);
    return s;
}

START_TEST(test_registry_names_and_modules)
{
    ev_session *s = host_session(NULL);
    out o;
    const char *got = run_ok(s,
        "print(repr(echo), echo.__name__, echo.__qualname__, echo.__module__)\n"
        "print(echo.__doc__)\n"
        "print(callable(echo), type(echo).__name__)\n"
        "import tools\n"
        "from tools import github\n"
        "print(repr(tools), repr(github), github is tools.github)\n"
        "f = github.search_issues\n"
        "print(repr(f), f.__name__, f.__qualname__, f.__module__, f.__doc__)\n"
        "print([n for n in dir(tools) if not n.startswith('_')], dir(github))\n"
        "import tools.github\n"
        "import tools.github as gh\n"
        "from tools.github import search_issues\n"
        "print(gh is github, search_issues is f, tools.github.search_issues is f)\n"
        "print(repr(tools.ToolError), issubclass(tools.ToolError, Exception), tools.ToolError.__doc__)\n"
        "echo = 3\n"
        "print(echo)\n"
        "del echo\n"
        "print(echo(4))\n"
        "try:\n"
        "    import tools.nothing\n"
        "except ImportError as e:\n"
        "    print(type(e).__name__)\n",
        &o);
    ck_assert_str_eq(got,
        "<built-in function echo> echo echo builtins\n"
        "echo(x) -> x, copied out and back in\n"
        "True builtin_function_or_method\n"
        "<module 'tools' (built-in)> <module 'tools.github' (built-in)> True\n"
        "<built-in function search_issues> search_issues search_issues tools.github Search the issues of a repository.\n"
        "['ToolError', 'github', 'ping'] ['search_issues']\n"
        "True True True\n"
        "<class 'tools.ToolError'> True A tool failed.\n"
        "3\n"
        "4\n"
        "ModuleNotFoundError\n");
    /* host names survive a reset, and the modules are made again */
    ev_session_reset(s);
    got = run_ok(s,
        "import tools.github\n"
        "print(echo(5), repr(tools.ToolError), tools.ToolError.__doc__, tools.github.search_issues.__module__)\n",
        &o);
    ck_assert_str_eq(got, "5 <class 'tools.ToolError'> A tool failed. tools.github\n");
    ev_session_free(s);
}
END_TEST

START_TEST(test_registry_refusals)
{
    ev_session *s = host_session(NULL);
    const ev_host_param req_after_opt[] = {{"a", false, false}, {"b", true, false}};
    const ev_host_param pos_after_kw[] = {{"a", true, true}, {"b", true, false}};
    const ev_host_param twice[] = {{"a", true, false}, {"a", true, false}};
    const ev_host_param kw[] = {{"class", true, false}};
    const ev_host_def bad[] = {
        {"echo", NULL, NULL, 0, true, cb_echo, NULL},            /* registered twice */
        {"print", NULL, NULL, 0, true, cb_echo, NULL},           /* a builtin */
        {"json.loads2", NULL, NULL, 0, true, cb_echo, NULL},     /* safepy's own module */
        {"tools.github", NULL, NULL, 0, true, cb_echo, NULL},    /* a namespace already */
        {"echo.sub", NULL, NULL, 0, true, cb_echo, NULL},        /* under a function */
        {"tools..x", NULL, NULL, 0, true, cb_echo, NULL},
        {"9lives", NULL, NULL, 0, true, cb_echo, NULL},
        {"a-b", NULL, NULL, 0, true, cb_echo, NULL},
        {"x", NULL, req_after_opt, 2, false, cb_echo, NULL},
        {"x", NULL, pos_after_kw, 2, false, cb_echo, NULL},
        {"x", NULL, twice, 2, false, cb_echo, NULL},
        {"x", NULL, kw, 1, false, cb_echo, NULL},
        {"x", NULL, sig_params, 4, true, cb_echo, NULL},          /* varargs with params */
        {"x", NULL, NULL, 0, true, NULL, NULL},                   /* no callback */
        {"x", "\xff", NULL, 0, true, cb_echo, NULL},              /* doc not UTF-8 */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(ev_session_add_host(s, &bad[i]) == -1, "accepted bad def %zu", i);
    ck_assert_int_eq(ev_session_add_host_exception(s, "ToolError", NULL), -1); /* undotted */
    ck_assert_int_eq(ev_session_add_host_exception(s, "tools.ToolError", NULL), -1);
    ck_assert_int_eq(ev_session_add_host_exception(s, "tools.ping.E", NULL), -1);
    /* added after an import: the next import sees it */
    out o;
    run_ok(s, "import tools\n", &o);
    const ev_host_def late = {"tools.late", NULL, NULL, 0, true, cb_echo, NULL};
    ck_assert_int_eq(ev_session_add_host(s, &late), 0);
    ck_assert_str_eq(run_ok(s, "import tools\nprint(tools.late(7))\n", &o), "7\n");
    ev_session_free(s);
}
END_TEST

/* The binder's errors are CPython's for def sig(a, b=None, *, c, d=None)
 * (the expected lines are what python3 prints). */
START_TEST(test_binder_matches_cpython)
{
    ev_session *s = host_session(NULL);
    out o;
    const char *got = run_ok(s,
        "import tools\n"
        "def t(f):\n"
        "    try:\n"
        "        f()\n"
        "    except TypeError as e:\n"
        "        print(e)\n"
        "t(lambda: sig())\n"
        "t(lambda: sig(1))\n"
        "t(lambda: sig(1, 2, 3))\n"
        "t(lambda: sig(1, 2, 3, c=1))\n"
        "t(lambda: sig(1, e=2, c=1))\n"
        "t(lambda: sig(1, a=2, c=1))\n"
        "t(lambda: sig(c=1))\n"
        "t(lambda: sig(1, 2, 3, 4, c=1, d=2))\n"
        "t(lambda: tools.github.search_issues())\n"
        "t(lambda: tools.github.search_issues('q', 5))\n",
        &o);
    ck_assert_str_eq(got,
        "sig() missing 1 required positional argument: 'a'\n"
        "sig() missing 1 required keyword-only argument: 'c'\n"
        "sig() takes from 1 to 2 positional arguments but 3 were given\n"
        "sig() takes from 1 to 2 positional arguments but 3 positional arguments (and 1 keyword-only argument) were given\n"
        "sig() got an unexpected keyword argument 'e'\n"
        "sig() got multiple values for argument 'a'\n"
        "sig() missing 1 required positional argument: 'a'\n"
        "sig() takes from 1 to 2 positional arguments but 4 positional arguments (and 2 keyword-only arguments) were given\n"
        "search_issues() missing 1 required positional argument: 'query'\n"
        "search_issues() takes 1 positional argument but 2 were given\n");
    /* what crosses: the leading positional ones, then keywords in signature order */
    run_ok(s, "sig(1, c=3)\n", &o);
    ck_assert_str_eq(seen, "sig(INT:1 c=INT:3 )");
    run_ok(s, "sig(a=1, d=4, c=3)\n", &o);
    ck_assert_str_eq(seen, "sig(INT:1 c=INT:3 d=INT:4 )");
    run_ok(s, "sig(1, 2, c=3)\n", &o);
    ck_assert_str_eq(seen, "sig(INT:1 INT:2 c=INT:3 )");
    run_ok(s, "sig(1, b=None, c=3)\n", &o);
    ck_assert_str_eq(seen, "sig(INT:1 NONE c=INT:3 )");
    run_ok(s, "dump(1, 'x', z=2, y=None)\n", &o);
    ck_assert_str_eq(seen, "dump(INT:1 STR(1):x z=INT:2 y=NONE )");
    run_ok(s, "import tools\ntools.github.search_issues('bug', limit=3)\n", &o);
    ck_assert_str_eq(seen, "tools.github.search_issues(STR(3):bug limit=INT:3 )");
    ev_session_free(s);
}
END_TEST

START_TEST(test_plain_round_trip)
{
    ev_session *s = host_session(NULL);
    out o;
    const char *got = run_ok(s,
        "import math\n"
        "x = [None, True, False, 0, -1, 2**63 - 1, -2**63, 2**63, -2**63 - 1, 2**100, -2**100, 1.5, -0.0,\n"
        "     float('inf'), float('-inf'), '', 'a\\x00b', 'héllo €𝄞', b'', b'\\x00\\xff', (), (1, (2,)),\n"
        "     {'b': 1, 'a': 2, 3: [4], (5, 'x'): None, None: 0, 2.5: b'k', frozenset({1}): 1}, {3, 'x'},\n"
        "     frozenset(), [[[]]], {}]\n"
        "y = echo(x)\n"
        "print(y == x, repr(y) == repr(x), y is x)\n"
        "print([type(a).__name__ for a in y] == [type(a).__name__ for a in x])\n"
        "print(list(y[22]) == list(x[22]), math.isnan(echo(float('nan'))), math.copysign(1, y[12]))\n"
        "big = 10**20000 + 7\n"
        "print(echo(big) == big, echo(-big) == -big)\n",
        &o);
    ck_assert_str_eq(got, "True True False\nTrue\nTrue True -1.0\nTrue True\n");
    run_ok(s, "dump(2**100, -2**100, 'a\\x00b', b'\\xff', (1,), {2: 3}, {4}, frozenset({5}), 2.5, True, None)\n", &o);
    ck_assert_str_eq(seen, "dump(BIGINT(31):1267650600228229401496703205376 BIGINT(32):-1267650600228229401496703205376 "
                           "STR(3):a?b BYTES(1):? TUPLE[INT:1] DICT[INT:2,INT:3] SET[INT:4] FROZENSET[INT:5] "
                           "FLOAT:2.5 BOOL:1 NONE )");
    run_ok(s, "dump(x=2**63 - 1, y=-2**63)\n", &o);
    ck_assert_str_eq(seen, "dump(x=INT:9223372036854775807 y=INT:-9223372036854775808 )");
    ev_session_free(s);
}
END_TEST

START_TEST(test_arguments_refused)
{
    ev_session *s = host_session(NULL);
    out o;
    const char *got = run_ok(s,
        "class S(str): pass\n"
        "class I(int): pass\n"
        "class D(dict): pass\n"
        "class L(list): pass\n"
        "calls = []\n"
        "class K:\n"
        "    def __eq__(self, o): calls.append('eq'); return self is o\n"
        "    def __hash__(self): calls.append('hash'); return 1\n"
        "kd = {K(): 1, K(): 2}\n"
        "def t(v):\n"
        "    try:\n"
        "        echo(v)\n"
        "        print('accepted')\n"
        "    except (TypeError, ValueError, UnicodeEncodeError) as e:\n"
        "        print(type(e).__name__, e)\n"
        "t(S('a'))\n"
        "t([I(1)])\n"
        "t({'k': D()})\n"
        "t((L(),))\n"
        "calls.clear()\n"
        "t(kd)\n"
        "print(calls)\n"
        "t(range(3))\n"
        "t(bytearray(b'x'))\n"
        "t(print)\n"
        "t(1j)\n"
        "l = [1]\n"
        "l.append(l)\n"
        "t(l)\n"
        "d = {}\n"
        "d['d'] = [d]\n"
        "t(d)\n"
        "deep = []\n"
        "for i in range(10000):\n"
        "    deep = [deep]\n"
        "t(deep)\n"
        "ok = []\n"
        "for i in range(199):\n"
        "    ok = [ok]\n"
        "t(ok)\n"
        "t([ok])\n"
        "t('\\udc80')\n"
        "shared = [1, 2]\n"
        "t([shared, shared, (shared,)])\n",
        &o);
    ck_assert_str_eq(got,
        "TypeError host functions accept only plain data (None, bool, int, float, str, bytes, list, tuple, dict, set, frozenset), not 'S'\n"
        "TypeError host functions accept only plain data (None, bool, int, float, str, bytes, list, tuple, dict, set, frozenset), not 'I'\n"
        "TypeError host functions accept only plain data (None, bool, int, float, str, bytes, list, tuple, dict, set, frozenset), not 'D'\n"
        "TypeError host functions accept only plain data (None, bool, int, float, str, bytes, list, tuple, dict, set, frozenset), not 'L'\n"
        "TypeError host functions accept only plain data (None, bool, int, float, str, bytes, list, tuple, dict, set, frozenset), not 'K'\n"
        "[]\n"
        "TypeError host functions accept only plain data (None, bool, int, float, str, bytes, list, tuple, dict, set, frozenset), not 'range'\n"
        "TypeError host functions accept only plain data (None, bool, int, float, str, bytes, list, tuple, dict, set, frozenset), not 'bytearray'\n"
        "TypeError host functions accept only plain data (None, bool, int, float, str, bytes, list, tuple, dict, set, frozenset), not 'builtin_function_or_method'\n"
        "TypeError host functions accept only plain data (None, bool, int, float, str, bytes, list, tuple, dict, set, frozenset), not 'complex'\n"
        "ValueError Circular reference detected\n"
        "ValueError Circular reference detected\n"
        "ValueError plain data nested more than 200 levels deep\n"
        "accepted\n"
        "ValueError plain data nested more than 200 levels deep\n"
        "UnicodeEncodeError 'utf-8' codec can't encode character '\\udc80' in position 0: surrogates not allowed\n"
        "accepted\n");
    ev_session_free(s);
}
END_TEST

START_TEST(test_callback_errors)
{
    ev_session *s = host_session(NULL);
    out o;
    const char *got = run_ok(s,
        "import tools\n"
        "def t(*a):\n"
        "    try:\n"
        "        fail(*a)\n"
        "    except Exception as e:\n"
        "        print(type(e).__name__, repr(e), isinstance(e, Exception))\n"
        "t('KeyError', 'k')\n"
        "t('ValueError', 'bad value')\n"
        "t('ValueError')\n"
        "t('tools.ToolError', 'boom')\n"
        "t('NoSuchError', 'x')\n"
        "t('SystemExit', 'bye')\n"
        "t('tools.Nope', 'y')\n"
        "t('', 'z')\n"
        "try:\n"
        "    fail('tools.ToolError', 'caught')\n"
        "except tools.ToolError as e:\n"
        "    print('caught', e.args)\n",
        &o);
    ck_assert_str_eq(got,
        "KeyError KeyError('k') True\n"
        "ValueError ValueError('bad value') True\n"
        "ValueError ValueError() True\n"
        "ToolError ToolError('boom') True\n"
        "RuntimeError RuntimeError('NoSuchError: x') True\n"
        "RuntimeError RuntimeError('SystemExit: bye') True\n"
        "RuntimeError RuntimeError('tools.Nope: y') True\n"
        "RuntimeError RuntimeError('z') True\n"
        "caught ('caught',)\n");
    /* uncaught: a traceback through the calling line */
    ev_result r;
    ck_assert_int_eq(run(s, "x = 1\nfail('KeyError', 'gone')\n", EV_MODE_FILE, &o, &r), EV_EXCEPTION);
    ck_assert_str_eq(r.error_type, "KeyError");
    ck_assert_uint_eq(r.error_line, 2);
    ev_result_clear(&r);
    ev_session_free(s);
}
END_TEST

START_TEST(test_invalid_results)
{
    ev_limits l = {.max_memory = 16 << 20};
    ev_session *s = host_session(&l);
    out o;
    const char *got = run_ok(s,
        "def t(n):\n"
        "    try:\n"
        "        print(repr(bad(n)))\n"
        "    except (TypeError, ValueError) as e:\n"
        "        print(type(e).__name__, e)\n"
        "for n in range(9):\n"
        "    t(n)\n"
        "t(10)\n"
        "t(11)\n"
        "try:\n"
        "    bad(12)\n"
        "except RuntimeError as e:\n"
        "    print(e)\n"
        "print(bad(13) == 10**30000 - 1, -bad(10) > 0)\n",
        &o);
    ck_assert_str_eq(got,
        "ValueError invalid plain data from the host: a str that is not UTF-8 (byte 0xff at offset 2)\n"
        "ValueError invalid plain data from the host: a str that is not UTF-8 (byte 0xed at offset 0)\n"
        "ValueError invalid plain data from the host: a dict of an odd number of keys and values\n"
        "TypeError unhashable type: 'list'\n"
        "ValueError plain data nested more than 200 levels deep\n"
        "ValueError invalid plain data from the host: unknown kind 99\n"
        "ValueError invalid plain data from the host: a big int that is not decimal digits\n"
        "ValueError invalid plain data from the host: a big int with no digits\n"
        "TypeError unhashable type: 'dict'\n"
        "-123456789012345678901234567890\n"
        "42\n"
        "host function bad returned an unknown status 7\n"
        "True True\n");
    /* more than the memory limit: the run stops with it */
    ev_result r;
    ck_assert_int_eq(run(s, "try:\n    x = bad(9)\nexcept BaseException:\n    print('caught')\n", EV_MODE_FILE, &o, &r),
                     EV_LIMIT);
    ck_assert_str_eq(r.limit, "memory");
    ck_assert_str_eq(o.buf, "");
    ev_result_clear(&r);
    /* and a copy out bigger than the limit stops before taking host memory:
     * a list holding one list a thousand times is small in the session */
    ck_assert_int_eq(run(s, "x = [0] * 100000\ny = [x] * 1000\ntry:\n    echo(y)\nexcept BaseException:\n    print('caught')\n",
                         EV_MODE_FILE, &o, &r),
                     EV_LIMIT);
    ck_assert_str_eq(r.limit, "memory");
    ck_assert_str_eq(o.buf, "");
    ev_result_clear(&r);
    /* the session is usable after either */
    ck_assert_str_eq(run_ok(s, "print(echo([1, 2]))\n", &o), "[1, 2]\n");
    ev_session_free(s);
}
END_TEST

START_TEST(test_limits)
{
    ev_limits l = {.timeout_s = 0.3};
    ev_session *s = host_session(&l);
    out o;
    ev_result r;
    ck_assert_str_eq(run_ok(s, "t = time_left()\nprint(0 < t <= 0.3)\n", &o), "True\n");
    ck_assert_int_eq(run(s, "try:\n    sleepy()\nexcept BaseException:\n    print('caught')\nprint('after')\n",
                         EV_MODE_FILE, &o, &r),
                     EV_LIMIT);
    ck_assert_str_eq(r.limit, "time");
    ck_assert_str_eq(o.buf, "");
    ev_result_clear(&r);
    ck_assert_int_eq(run(s, "try:\n    hostlimit()\nexcept BaseException:\n    print('caught')\nprint('after')\n",
                         EV_MODE_FILE, &o, &r),
                     EV_LIMIT);
    ck_assert_str_eq(r.limit, "time");
    ck_assert_str_eq(o.buf, "");
    ev_result_clear(&r);
    /* a callback may not call back into its session */
    ck_assert_str_eq(run_ok(s, "print(reenter())\n", &o), "True\n");
    ev_session_free(s);
}
END_TEST

/* Host calls from inside the protocol: __eq__, __hash__, a sort key, a
 * generator, a finalizer.  The host call is a leaf: nothing is held
 * across it. */
START_TEST(test_calls_from_protocol)
{
    ev_session *s = host_session(NULL);
    out o;
    const char *got = run_ok(s,
        "class K:\n"
        "    def __init__(self, v): self.v = v\n"
        "    def __eq__(self, o): return echo(self.v) == echo(o.v)\n"
        "    def __hash__(self): return echo(hash(self.v))\n"
        "    def __del__(self): dump(self.v)\n"
        "print(K(1) == K(1), len({K(1), K(1), K(2)}))\n"
        "print(sorted([3, 1, 2], key=lambda v: echo(-v)))\n"
        "def gen():\n"
        "    for i in range(3):\n"
        "        yield echo([i])\n"
        "print(list(gen()), [echo(i) for i in range(3)])\n"
        "d = {echo('k'): echo({'v': [1]})}\n"
        "print(d, max([1, 5, 2], key=echo))\n",
        &o);
    ck_assert_str_eq(got, "True 2\n[3, 2, 1]\n[[0], [1], [2]] [0, 1, 2]\n{'k': {'v': [1]}} 5\n");
    ev_session_free(s);
}
END_TEST

START_TEST(test_globals_as_plain_data)
{
    ev_session *s = host_session(NULL);
    ev_plain v;
    ev_plain *it = seq(&v, EV_PLAIN_DICT, 4);
    text(&it[0], EV_PLAIN_STR, "name", 4);
    text(&it[1], EV_PLAIN_STR, "safepy", 6);
    text(&it[2], EV_PLAIN_STR, "n", 1);
    text(&it[3], EV_PLAIN_BIGINT, "-99999999999999999999", 21);
    char *err = NULL;
    ck_assert_int_eq(ev_session_set_global(s, "data", &v, &err), 0);
    ck_assert_ptr_null(err);
    ev_plain_clear(&v);
    ck_assert_int_eq(v.kind, EV_PLAIN_NONE);
    out o;
    ev_result r;
    ck_assert_int_eq(run(s, "data['n'] - 1", EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ck_assert_str_eq(r.result, "-100000000000000000000");
    ck_assert_ptr_null(r.value); /* capture is off */
    ev_result_clear(&r);
    ev_session_capture_value(s, true);
    ck_assert_int_eq(run(s, "[data['name'], 1.5, {2}]", EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ck_assert_ptr_nonnull(r.value);
    seen[0] = '\0';
    show(seen, sizeof seen, r.value);
    ck_assert_str_eq(seen, "LIST[STR(6):safepy,FLOAT:1.5,SET[INT:2]]");
    ev_result_clear(&r);
    ck_assert_ptr_null(r.value);
    ck_assert_int_eq(run(s, "len", EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ck_assert_ptr_null(r.value); /* not plain data */
    ck_assert_str_eq(r.result, "<built-in function len>");
    ev_result_clear(&r);
    ck_assert_int_eq(run(s, "x = [1, (2, 'three')]\ndef f(): pass", EV_MODE_INTERACTIVE, &o, &r), EV_OK);
    ev_result_clear(&r);
    ev_plain g;
    ck_assert_int_eq(ev_session_get_global(s, "x", &g, &err), 0);
    seen[0] = '\0';
    show(seen, sizeof seen, &g);
    ck_assert_str_eq(seen, "LIST[INT:1,TUPLE[INT:2,STR(5):three]]");
    ev_plain_clear(&g);
    ck_assert_int_eq(ev_session_get_global(s, "f", &g, &err), -1);
    ck_assert_str_eq(err, "global 'f' is not plain data: host functions accept only plain data (None, bool, int, "
                          "float, str, bytes, list, tuple, dict, set, frozenset), not 'function'");
    free(err);
    ck_assert_int_eq(ev_session_get_global(s, "nothing", &g, &err), 1);
    ck_assert_ptr_null(err);
    /* refused: a bad name, invalid data */
    ev_plain one = {.kind = EV_PLAIN_INT, .u.i = 1};
    ck_assert_int_eq(ev_session_set_global(s, "class", &one, &err), -1);
    ck_assert_ptr_nonnull(err);
    free(err);
    ck_assert_int_eq(ev_session_set_global(s, "1x", &one, &err), -1);
    free(err);
    ev_plain badv;
    text(&badv, EV_PLAIN_STR, "\xc0\x80", 2); /* an overlong NUL */
    ck_assert_int_eq(ev_session_set_global(s, "y", &badv, &err), -1);
    ck_assert_str_eq(err, "ValueError: invalid plain data from the host: a str that is not UTF-8 (byte 0xc0 at offset 0)");
    free(err);
    ev_plain_clear(&badv);
    ck_assert_int_eq(ev_session_get_global(s, "y", &g, &err), 1);
    ev_session_free(s);
}
END_TEST

/* help() of host functions and host modules: what CPython 3.11's pydoc
 * prints for a C function with the same __text_signature__ and __doc__,
 * and for a built-in module holding such functions (FILE "(built-in)");
 * an optional parameter, which has no default, prints "name=..." */
START_TEST(test_help)
{
    ev_session *s = host_session(NULL);
    out o;
    const char *got = run_ok(s,
        "import tools\n"
        "help(tools.github.search_issues)\n"
        "help(echo)\n"
        "help(dump)\n"
        "help(sig)\n"
        "help(tools.github)\n",
        &o);
    ck_assert_str_eq(got,
        "Help on built-in function search_issues in module tools.github:\n"
        "\n"
        "search_issues(query, *, limit=...)\n"
        "    Search the issues of a repository.\n"
        "\n"
        "Help on built-in function echo in module builtins:\n"
        "\n"
        "echo(x)\n"
        "    echo(x) -> x, copied out and back in\n"
        "\n"
        "Help on built-in function dump in module builtins:\n"
        "\n"
        "dump(...)\n"
        "\n"
        "Help on built-in function sig in module builtins:\n"
        "\n"
        "sig(a, b=..., *, c, d=...)\n"
        "\n"
        "Help on module tools.github in tools:\n"
        "\n"
        "NAME\n"
        "    tools.github\n"
        "\n"
        "FUNCTIONS\n"
        "    search_issues(query, *, limit=...)\n"
        "        Search the issues of a repository.\n"
        "\n"
        "FILE\n"
        "    (built-in)\n"
        "\n"
        "\n");
    /* two functions (sorted, a blank line between), a submodule, a
     * docstring cleaned as inspect.cleandoc does */
    const ev_host_param text[] = {{"text", true, true}};
    const ev_host_def more[] = {
        {"tools.notes.remove", NULL, NULL, 0, false, cb_record, NULL},
        {"tools.notes.add", "  Add a note.\n\n      Indented.\n    Back.\t\n\n", text, 1, false, cb_record, NULL},
        {"tools.notes.archive.all", NULL, NULL, 0, true, cb_record, NULL},
    };
    for (size_t i = 0; i < sizeof more / sizeof *more; i++)
        ck_assert_int_eq(ev_session_add_host(s, &more[i]), 0);
    got = run_ok(s, "import tools\nhelp(tools.notes)\nhelp(tools.notes.archive)\n", &o);
    ck_assert_str_eq(got,
        "Help on module tools.notes in tools:\n"
        "\n"
        "NAME\n"
        "    tools.notes\n"
        "\n"
        "SUBMODULES\n"
        "    archive\n"
        "\n"
        "FUNCTIONS\n"
        "    add(*, text)\n"
        "        Add a note.\n"
        "        \n"
        "          Indented.\n"
        "        Back.\n"
        "    \n"
        "    remove()\n"
        "\n"
        "FILE\n"
        "    (built-in)\n"
        "\n"
        "\n"
        "Help on module tools.notes.archive in tools.notes:\n"
        "\n"
        "NAME\n"
        "    tools.notes.archive\n"
        "\n"
        "FUNCTIONS\n"
        "    all(...)\n"
        "\n"
        "FILE\n"
        "    (built-in)\n"
        "\n"
        "\n");
    /* what CPython answers from its own documentation is refused, loudly */
    got = run_ok(s,
        "import tools\n"
        "for args in [(), ('echo',), (len,), (int,), (3,), (tools.ToolError,)]:\n"
        "    try:\n"
        "        help(*args)\n"
        "    except NotImplementedError as e:\n"
        "        print(str(e)[:40])\n",
        &o);
    ck_assert_str_eq(got,
        "help() with no argument starts CPython's\n"
        "help() of a string looks up a topic or a\n"
        "help() of safepy's built-in functions an\n"
        "help() of type objects is not supported \n"
        "help() of int objects is not supported b\n"
        "help() of type objects is not supported \n");
    /* the root: namespaces, the exception class (CPython's page of `class
     * ToolError(Exception)`), a function without a signature */
    got = run_ok(s, "import tools\nhelp(tools)\n", &o);
    ck_assert_str_eq(got,
        "Help on module tools:\n"
        "\n"
        "NAME\n"
        "    tools\n"
        "\n"
        "SUBMODULES\n"
        "    github\n"
        "    notes\n"
        "\n"
        "CLASSES\n"
        "    builtins.Exception(builtins.BaseException)\n"
        "        ToolError\n"
        "    \n"
        "    class ToolError(builtins.Exception)\n"
        "     |  A tool failed.\n"
        "     |  \n"
        "     |  Method resolution order:\n"
        "     |      ToolError\n"
        "     |      builtins.Exception\n"
        "     |      builtins.BaseException\n"
        "     |      builtins.object\n"
        "     |  \n"
        "     |  Data descriptors defined here:\n"
        "     |  \n"
        "     |  __weakref__\n"
        "     |      list of weak references to the object\n"
        "     |  \n"
        "     |  ----------------------------------------------------------------------\n"
        "     |  Methods inherited from builtins.Exception:\n"
        "     |  \n"
        "     |  __init__(self, /, *args, **kwargs)\n"
        "     |      Initialize self.  See help(type(self)) for accurate signature.\n"
        "     |  \n"
        "     |  ----------------------------------------------------------------------\n"
        "     |  Static methods inherited from builtins.Exception:\n"
        "     |  \n"
        "     |  __new__(*args, **kwargs) from builtins.type\n"
        "     |      Create and return a new object.  See help(type) for accurate signature.\n"
        "     |  \n"
        "     |  ----------------------------------------------------------------------\n"
        "     |  Methods inherited from builtins.BaseException:\n"
        "     |  \n"
        "     |  __delattr__(self, name, /)\n"
        "     |      Implement delattr(self, name).\n"
        "     |  \n"
        "     |  __getattribute__(self, name, /)\n"
        "     |      Return getattr(self, name).\n"
        "     |  \n"
        "     |  __reduce__(...)\n"
        "     |      Helper for pickle.\n"
        "     |  \n"
        "     |  __repr__(self, /)\n"
        "     |      Return repr(self).\n"
        "     |  \n"
        "     |  __setattr__(self, name, value, /)\n"
        "     |      Implement setattr(self, name, value).\n"
        "     |  \n"
        "     |  __setstate__(...)\n"
        "     |  \n"
        "     |  __str__(self, /)\n"
        "     |      Return str(self).\n"
        "     |  \n"
        "     |  add_note(...)\n"
        "     |      Exception.add_note(note) --\n"
        "     |      add a note to the exception\n"
        "     |  \n"
        "     |  with_traceback(...)\n"
        "     |      Exception.with_traceback(tb) --\n"
        "     |      set self.__traceback__ to tb and return self.\n"
        "     |  \n"
        "     |  ----------------------------------------------------------------------\n"
        "     |  Data descriptors inherited from builtins.BaseException:\n"
        "     |  \n"
        "     |  __cause__\n"
        "     |      exception cause\n"
        "     |  \n"
        "     |  __context__\n"
        "     |      exception context\n"
        "     |  \n"
        "     |  __dict__\n"
        "     |  \n"
        "     |  __suppress_context__\n"
        "     |  \n"
        "     |  __traceback__\n"
        "     |  \n"
        "     |  args\n"
        "\n"
        "FUNCTIONS\n"
        "    ping(...)\n"
        "\n"
        "FILE\n"
        "    (built-in)\n"
        "\n"
        "\n");
    /* a class the program changed (modules' attributes it cannot set) is
     * refused, loudly */
    ev_result r;
    ck_assert_int_eq(run(s, "import tools\ntools.ToolError.code = 1\nhelp(tools)\n", EV_MODE_FILE, &o, &r),
                     EV_EXCEPTION);
    ck_assert_ptr_nonnull(strstr(r.error, "its attribute ToolError is no function"));
    ev_result_clear(&r);
    ev_session_free(s);
}
END_TEST

Suite *host_suite(void)
{
    Suite *s = suite_create("host");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_registry_names_and_modules);
    tcase_add_test(tc, test_registry_refusals);
    tcase_add_test(tc, test_binder_matches_cpython);
    tcase_add_test(tc, test_plain_round_trip);
    tcase_add_test(tc, test_arguments_refused);
    tcase_add_test(tc, test_callback_errors);
    tcase_add_test(tc, test_invalid_results);
    tcase_add_test(tc, test_limits);
    tcase_add_test(tc, test_calls_from_protocol);
    tcase_add_test(tc, test_globals_as_plain_data);
    tcase_add_test(tc, test_help);
    suite_add_tcase(s, tc);
    return s;
}
