/*
 * test_lib.c - libsafepy through its public header only, as an embedder
 * uses it: runs, results, diagnostics, limits, host functions, globals,
 * reset, cancel from another thread, sandboxes on two threads at once,
 * snapshots.  Last line: `lib: N passed, N failed`; exit 1 on failure.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "libsafepy/safepy.h"

static int passed, failed;

#define CHECK(cond, ...)                                             \
    do {                                                             \
        if (cond) {                                                  \
            passed++;                                                \
        } else {                                                     \
            failed++;                                                \
            printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);   \
            printf(__VA_ARGS__);                                     \
            printf("\n");                                            \
        }                                                            \
    } while (0)

static const char *str(const char *s) { return s ? s : "(null)"; }

static sp_result *run(sp_sandbox *sb, const char *code)
{
    sp_result *r = sp_sandbox_run(sb, code, strlen(code));
    if (!r) {
        printf("FAIL: run returned NULL: %s\n", sp_sandbox_error(sb));
        exit(1);
    }
    return r;
}

static sp_sandbox *new_sandbox(const sp_config *cfg)
{
    char *err = NULL;
    sp_sandbox *sb = sp_sandbox_new(cfg, &err);
    if (!sb) {
        printf("FAIL: sp_sandbox_new: %s\n", str(err));
        exit(1);
    }
    return sb;
}

/* Runs code and checks its status and printed output (NULL: not checked). */
static void expect(sp_sandbox *sb, const char *code, sp_status st, const char *output)
{
    sp_result *r = run(sb, code);
    CHECK(r->status == st, "%s: status %d, want %d; error %s", code, r->status, st, str(r->error));
    if (output)
        CHECK(strcmp(r->output, output) == 0, "%s: output '%s', want '%s'", code, r->output, output);
    sp_result_free(r);
}

/* --- runs and results ------------------------------------------------------- */

/* An sp_write_fn appending to a char[64]. */
static void gather(void *ctx, const char *data, size_t len)
{
    char *buf = ctx;
    size_t have = strlen(buf);
    snprintf(buf + have, 64 - have, "%.*s", (int)len, data);
}

static void test_basics(void)
{
    sp_sandbox *sb = new_sandbox(NULL);
    sp_result *r = run(sb, "x = 20\nprint('hi', x)\nx + 22");
    CHECK(r->status == SP_STATUS_OK, "status %d", r->status);
    CHECK(strcmp(r->output, "hi 20\n") == 0 && r->output_len == 6, "output '%s'", r->output);
    CHECK(r->repr && strcmp(r->repr, "42") == 0, "repr %s", str(r->repr));
    CHECK(r->value && r->value->kind == SP_INT && r->value->u.i == 42, "value");
    CHECK(!r->error && !r->limit && r->n_diags == 0, "no error");
    sp_result_free(r);

    /* globals persist; a dict comes back as plain data */
    r = run(sb, "{'a': [x, 1.5, None], 'b': (b'z', True)}");
    CHECK(r->status == SP_STATUS_OK && r->value && r->value->kind == SP_DICT &&
              r->value->u.seq.len == 4, "dict value");
    if (r->value && r->value->kind == SP_DICT && r->value->u.seq.len == 4) {
        const sp_value *k = &r->value->u.seq.items[0], *v = &r->value->u.seq.items[1];
        CHECK(k->kind == SP_STR && strcmp(k->u.text.data, "a") == 0, "key a");
        CHECK(v->kind == SP_LIST && v->u.seq.len == 3 && v->u.seq.items[0].u.i == 20 &&
                  v->u.seq.items[1].kind == SP_FLOAT && v->u.seq.items[2].kind == SP_NONE, "list");
    }
    sp_result_free(r);

    /* not plain data: repr only */
    r = run(sb, "class C:\n    def __repr__(self): return 'C!'\nC()");
    CHECK(r->status == SP_STATUS_OK && r->repr && strcmp(r->repr, "C!") == 0 && !r->value,
          "instance: repr %s", str(r->repr));
    sp_result_free(r);

    r = run(sb, "2 ** 100");
    CHECK(r->value && r->value->kind == SP_BIGINT &&
              strcmp(r->value->u.text.data, "1267650600228229401496703205376") == 0, "bigint");
    sp_result_free(r);

    r = run(sb, "def f():\n    return 1 / 0\nf()");
    CHECK(r->status == SP_STATUS_ERROR, "status %d", r->status);
    CHECK(r->error_type && strcmp(r->error_type, "ZeroDivisionError") == 0, "type %s", str(r->error_type));
    CHECK(r->error && strstr(r->error, "Traceback (most recent call last)") &&
              strstr(r->error, "ZeroDivisionError: division by zero") && r->error_len == strlen(r->error),
          "traceback %s", str(r->error));
    CHECK(r->error_line == 2, "line %u", r->error_line);
    sp_result_free(r);

    /* options: a file name, file mode (no value), output streamed */
    char streamed[64] = "";
    sp_run_options opt = {.filename = "job.py", .file_mode = true, .write = gather, .write_ctx = streamed};
    const char *prog = "print('a')\nprint('b', end='')\n7\n1 / 0";
    r = sp_sandbox_run_with(sb, prog, strlen(prog), &opt);
    CHECK(r && r->status == SP_STATUS_ERROR && !r->internal && r->output_len == 0 &&
              strcmp(streamed, "a\nb") == 0, "streamed '%s'", streamed);
    CHECK(r && !r->repr && !r->value, "file mode: no value");
    CHECK(r && strstr(str(r->error), "File \"job.py\", line 4"), "file name: %s", r ? str(r->error) : "");
    sp_result_free(r);
    /* the program's end tore the module down: the sandbox starts afresh */
    r = run(sb, "x");
    CHECK(r->status == SP_STATUS_ERROR && strcmp(str(r->error_type), "NameError") == 0,
          "after a file-mode run: %s", str(r->error));
    sp_result_free(r);
    expect(sb, "x = 20", SP_STATUS_OK, "");

    /* reset forgets the globals */
    expect(sb, "print(x)", SP_STATUS_OK, "20\n");
    sp_sandbox_reset(sb);
    r = run(sb, "x");
    CHECK(r->status == SP_STATUS_ERROR && r->error_type && strcmp(r->error_type, "NameError") == 0,
          "after reset: %s", str(r->error));
    sp_result_free(r);
    sp_sandbox_free(sb);
}

static void test_rejected(void)
{
    sp_sandbox *sb = new_sandbox(NULL);
    sp_result *r = run(sb, "x = 1\nimport os\nprint('ran')");
    CHECK(r->status == SP_STATUS_REJECTED, "status %d", r->status);
    CHECK(r->output_len == 0 && !r->error, "nothing ran: '%s'", r->output);
    CHECK(r->n_diags >= 1, "diagnostics %zu", r->n_diags);
    if (r->n_diags >= 1) {
        const sp_diag *d = &r->diags[0];
        CHECK(strncmp(d->rule, "SP", 2) == 0 && strcmp(d->severity, "error") == 0, "rule %s", d->rule);
        CHECK(strstr(d->message, "os") != NULL, "message %s", d->message);
        CHECK(d->line == 2 && d->column == 8, "at %u:%u", d->line, d->column);
        CHECK(d->hint && d->hint[0], "hint");
    }
    CHECK(r->report && strstr(r->report, "import os"), "report %s", str(r->report));
    sp_result_free(r);

    r = run(sb, "def f(:\n    pass");
    CHECK(r->status == SP_STATUS_REJECTED && r->n_diags >= 1 && strcmp(r->diags[0].rule, "syntax") == 0,
          "syntax error: status %d", r->status);
    sp_result_free(r);

    /* check only: nothing runs */
    const char *code = "print('no')\n1";
    r = sp_sandbox_check(sb, code, strlen(code));
    CHECK(r && r->status == SP_STATUS_OK && r->output_len == 0 && !r->repr, "check");
    sp_result_free(r);

    /* the policy: an opt-in module is off by default, on when allowed */
    expect(sb, "import json", SP_STATUS_REJECTED, "");
    sp_sandbox_free(sb);
    const char *mods[] = {"json"};
    sp_config cfg = {.allow_modules = mods, .n_allow_modules = 1};
    sb = new_sandbox(&cfg);
    expect(sb, "import json\nprint(json.dumps([1]))", SP_STATUS_OK, "[1]\n");
    sp_sandbox_free(sb);

    /* an escape module can never be allowed */
    const char *bad[] = {"os"};
    cfg.allow_modules = bad;
    char *err = NULL;
    sb = sp_sandbox_new(&cfg, &err);
    CHECK(!sb && err && strstr(err, "'os'"), "allow os: %s", str(err));
    sp_free(err);
    sp_sandbox_free(sb);
    sp_config lim = {.max_memory = 1000};
    err = NULL;
    sb = sp_sandbox_new(&lim, &err);
    CHECK(!sb && err && strstr(err, "max_memory"), "tiny memory: %s", str(err));
    sp_free(err);
    sp_sandbox_free(sb);
}

static void test_limits(void)
{
    sp_config cfg = {.timeout_s = 0.3, .max_memory = 32u << 20, .max_output = 1000, .max_depth = 50};
    sp_sandbox *sb = new_sandbox(&cfg);
    sp_result *r = run(sb, "while True:\n    pass");
    CHECK(r->status == SP_STATUS_LIMIT && r->limit && strcmp(r->limit, "time") == 0, "time: %s",
          str(r->limit));
    sp_result_free(r);
    r = run(sb, "x = []\nwhile True:\n    x.append('a' * 100000)");
    CHECK(r->status == SP_STATUS_LIMIT && r->limit && strcmp(r->limit, "memory") == 0, "memory: %s",
          str(r->limit));
    sp_result_free(r);
    r = run(sb, "for i in range(10000):\n    print(i)");
    CHECK(r->status == SP_STATUS_LIMIT && r->limit && strcmp(r->limit, "output") == 0, "output: %s",
          str(r->limit));
    CHECK(r->output_len <= 1000, "output kept %zu", r->output_len);
    sp_result_free(r);
    r = run(sb, "def f(n):\n    return f(n + 1)\nf(0)");
    CHECK((r->status == SP_STATUS_LIMIT && r->limit && strcmp(r->limit, "recursion") == 0) ||
              (r->status == SP_STATUS_ERROR && r->error_type && strcmp(r->error_type, "RecursionError") == 0),
          "depth: %d %s", r->status, str(r->error));
    sp_result_free(r);
    /* still usable after every limit */
    expect(sb, "print(1 + 1)", SP_STATUS_OK, "2\n");
    sp_sandbox_free(sb);
}

/* --- cancel and threads ----------------------------------------------------- */

typedef struct job {
    sp_sandbox *sb;
    const char *code;
    sp_result *r;
    atomic_bool done;
} job;

static void *run_job(void *arg)
{
    job *j = arg;
    j->r = sp_sandbox_run(j->sb, j->code, strlen(j->code));
    atomic_store(&j->done, true);
    return NULL;
}

static void nap_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static void test_cancel(void)
{
    sp_config cfg = {.timeout_s = 600};
    sp_sandbox *sb = new_sandbox(&cfg);
    job j = {.sb = sb, .code = "n = 0\nwhile True:\n    n += 1"};
    atomic_init(&j.done, false);
    pthread_t th;
    CHECK(pthread_create(&th, NULL, run_job, &j) == 0, "thread");
    /* a cancel before the run starts is lost: repeat until it ends */
    while (!atomic_load(&j.done)) {
        nap_ms(20);
        sp_sandbox_cancel(sb);
    }
    pthread_join(th, NULL);
    CHECK(j.r && j.r->status == SP_STATUS_LIMIT && j.r->limit && strcmp(j.r->limit, "cancelled") == 0,
          "cancelled: %s", j.r ? str(j.r->limit) : "no result");
    sp_result_free(j.r);
    expect(sb, "print(n > 0)", SP_STATUS_OK, "True\n");
    sp_sandbox_free(sb);
}

static void test_two_threads(void)
{
    sp_sandbox *a = new_sandbox(NULL), *b = new_sandbox(NULL);
    job ja = {.sb = a, .code = "s = 0\nfor i in range(200000):\n    s += i\nprint(s)\ns"};
    job jb = {.sb = b, .code = "t = ''.join(str(i % 10) for i in range(100000))\nprint(len(t))\nt[:5]"};
    atomic_init(&ja.done, false);
    atomic_init(&jb.done, false);
    pthread_t ta, tb;
    CHECK(pthread_create(&ta, NULL, run_job, &ja) == 0 && pthread_create(&tb, NULL, run_job, &jb) == 0,
          "threads");
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    CHECK(ja.r && ja.r->status == SP_STATUS_OK && strcmp(ja.r->output, "19999900000\n") == 0, "a: %s",
          ja.r ? ja.r->output : "-");
    CHECK(jb.r && jb.r->status == SP_STATUS_OK && strcmp(jb.r->output, "100000\n") == 0 &&
              strcmp(str(jb.r->repr), "'01234'") == 0, "b: %s", jb.r ? jb.r->output : "-");
    sp_result_free(ja.r);
    sp_result_free(jb.r);
    /* each kept its own globals */
    expect(a, "try:\n    t\nexcept NameError:\n    print('no t', s)", SP_STATUS_OK, "no t 19999900000\n");
    expect(b, "try:\n    s\nexcept NameError:\n    print('no s', len(t))", SP_STATUS_OK, "no s 100000\n");
    sp_sandbox_free(a);
    sp_sandbox_free(b);
}

/* --- host functions ------------------------------------------------------------ */

static sp_host_status echo(void *ud, const sp_call *c, sp_value *result, sp_host_error *err)
{
    (void)ud;
    if (c->nargs != 1)
        return sp_host_error_set(err, "TypeError", "echo() takes one argument"), SP_HOST_ERROR;
    /* a deep copy through the builders */
    const sp_value *a = &c->args[0];
    switch (a->kind) {
    case SP_NONE: sp_value_set_none(result); return SP_HOST_OK;
    case SP_BOOL: sp_value_set_bool(result, a->u.b); return SP_HOST_OK;
    case SP_INT: sp_value_set_int(result, a->u.i); return SP_HOST_OK;
    case SP_FLOAT: sp_value_set_float(result, a->u.f); return SP_HOST_OK;
    case SP_STR:
    case SP_BYTES:
    case SP_BIGINT:
        return sp_value_set_text(result, a->kind, a->u.text.data, a->u.text.len) ? SP_HOST_ERROR : SP_HOST_OK;
    default: break;
    }
    if (sp_value_set_seq(result, a->kind, a->u.seq.len) != SP_OK)
        return SP_HOST_ERROR;
    for (size_t i = 0; i < a->u.seq.len; i++) {
        sp_call sub = *c;
        sub.args = &a->u.seq.items[i];
        if (echo(ud, &sub, sp_value_item(result, i), err) != SP_HOST_OK)
            return SP_HOST_ERROR;
    }
    return SP_HOST_OK;
}

static sp_host_status sum(void *ud, const sp_call *c, sp_value *result, sp_host_error *err)
{
    int64_t total = 0;
    for (size_t i = 0; i < c->nargs; i++) {
        if (c->args[i].kind != SP_INT) {
            sp_host_error_set(err, "ValueError", "sum wants small ints");
            return SP_HOST_ERROR;
        }
        total += c->args[i].u.i;
    }
    sp_value_set_int(result, total);
    return SP_HOST_OK;
}

/* Raises the exception named by its first argument. */
static sp_host_status fail(void *ud, const sp_call *c, sp_value *result, sp_host_error *err)
{
    const char *type = c->nargs > 0 && c->args[0].kind == SP_STR ? c->args[0].u.text.data : "KeyError";
    sp_host_error_set(err, type, "missing thing");
    return SP_HOST_ERROR;
}

static sp_host_status slow(void *ud, const sp_call *c, sp_value *result, sp_host_error *err)
{
    atomic_int *calls = ud;
    atomic_fetch_add(calls, 1);
    nap_ms((long)(c->time_left_s * 1000) + 200);
    sp_value_set_int(result, 1);
    return SP_HOST_OK;
}

/* Runs code in another sandbox, after trying (and failing) to re-enter
 * its own. */
typedef struct nest {
    sp_sandbox *self, *other;
} nest;

static sp_host_status inner(void *ud, const sp_call *c, sp_value *result, sp_host_error *err)
{
    nest *n = ud;
    sp_result *r = sp_sandbox_run(n->self, "1", 1);
    bool refused = r == NULL;
    sp_result_free(r);
    r = sp_sandbox_run(n->other, "6 * 7", 5);
    bool ok = refused && r && r->status == SP_STATUS_OK && r->value && r->value->kind == SP_INT;
    if (ok)
        sp_value_set_int(result, r->value->u.i);
    else
        sp_host_error_set(err, "RuntimeError", refused ? "the other sandbox failed" : "re-entered");
    sp_result_free(r);
    return ok ? SP_HOST_OK : SP_HOST_ERROR;
}

static void test_host(void)
{
    sp_config cfg = {.timeout_s = 0.5};
    sp_sandbox *sb = new_sandbox(&cfg);
    atomic_int slow_calls;
    atomic_init(&slow_calls, 0);
    sp_param sum_params[] = {{"a", true, false}, {"b", false, false}};
    sp_function fns[] = {
        {.name = "echo", .doc = "Returns its argument.", .varargs = true, .fn = echo},
        {.name = "tools.sum", .params = sum_params, .nparams = 2, .fn = sum},
        {.name = "fail", .varargs = true, .fn = fail},
        {.name = "slow", .varargs = true, .fn = slow, .ud = &slow_calls},
    };
    for (size_t i = 0; i < sizeof fns / sizeof *fns; i++)
        CHECK(sp_sandbox_add_function(sb, &fns[i]) == SP_OK, "add %s: %s", fns[i].name, sp_sandbox_error(sb));
    CHECK(sp_sandbox_add_function(sb, &fns[0]) != SP_OK, "a name twice");

    sp_result *r = run(sb, "v = [1, 'two', b'3', (4.0, None), {'k': {5, 6}}, frozenset({7}), 2**80, True]\n"
                           "echo(v) == v");
    CHECK(r->status == SP_STATUS_OK && str(r->repr)[0] == 'T', "echo: %s %s", str(r->repr), str(r->error));
    sp_result_free(r);
    expect(sb, "from tools import sum\nprint(sum(2, 40), sum(a=1))", SP_STATUS_OK, "42 1\n");
    expect(sb, "import tools\ntry:\n    tools.sum(1, 'x')\nexcept ValueError as e:\n    print('VE', e)",
           SP_STATUS_OK, "VE sum wants small ints\n");
    r = run(sb, "import tools\ntools.sum()");
    CHECK(r->status == SP_STATUS_ERROR && strcmp(str(r->error_type), "TypeError") == 0, "signature: %s",
          str(r->error));
    sp_result_free(r);
    expect(sb, "try:\n    fail()\nexcept KeyError as e:\n    print('caught', e)", SP_STATUS_OK,
           "caught 'missing thing'\n");
    /* an unknown type: a RuntimeError that names it */
    expect(sb, "try:\n    fail('NoSuchError')\nexcept RuntimeError as e:\n    print('RT', e)", SP_STATUS_OK,
           "RT NoSuchError: missing thing\n");
    r = run(sb, "def f(): pass\necho(f)");
    CHECK(r->status == SP_STATUS_ERROR && strcmp(str(r->error_type), "TypeError") == 0 &&
              strstr(str(r->error), "function"), "non-plain argument: %s", str(r->error));
    sp_result_free(r);
    r = run(sb, "slow()\nprint('after')");
    CHECK(r->status == SP_STATUS_LIMIT && strcmp(str(r->limit), "time") == 0 && r->output_len == 0,
          "slow callback: %d %s", r->status, str(r->limit));
    CHECK(atomic_load(&slow_calls) == 1, "called once");
    sp_result_free(r);
    /* a callback may run code in another sandbox, not in its own */
    sp_sandbox *other = new_sandbox(NULL);
    nest ns = {sb, other};
    sp_function fi = {.name = "inner", .varargs = true, .fn = inner, .ud = &ns};
    CHECK(sp_sandbox_add_function(sb, &fi) == SP_OK, "add inner");
    expect(sb, "print(inner())", SP_STATUS_OK, "42\n");
    sp_sandbox_free(other);
    /* host functions survive a reset */
    sp_sandbox_reset(sb);
    expect(sb, "print(echo('x'))", SP_STATUS_OK, "x\n");

    /* globals as plain data */
    sp_value v = {0}, out = {0};
    CHECK(sp_value_set_seq(&v, SP_LIST, 2) == SP_OK, "seq");
    sp_value_set_int(sp_value_item(&v, 0), 7);
    CHECK(sp_value_set_text(sp_value_item(&v, 1), SP_STR, "seven", 5) == SP_OK, "text");
    CHECK(sp_sandbox_set_global(sb, "data", &v) == SP_OK, "set_global: %s", sp_sandbox_error(sb));
    CHECK(sp_sandbox_set_global(sb, "not a name", &v) == SP_EINVAL, "bad name");
    sp_value_clear(&v);
    expect(sb, "data.append(len(data[1]))\nprint(data)", SP_STATUS_OK, "[7, 'seven', 5]\n");
    CHECK(sp_sandbox_get_global(sb, "data", &out) == SP_OK && out.kind == SP_LIST && out.u.seq.len == 3 &&
              out.u.seq.items[2].u.i == 5, "get_global");
    sp_value_clear(&out);
    CHECK(sp_sandbox_get_global(sb, "nothing", &out) == 1, "no such global");
    expect(sb, "g = lambda: 1", SP_STATUS_OK, "");
    CHECK(sp_sandbox_get_global(sb, "g", &out) == SP_EINVAL && strstr(sp_sandbox_error(sb), "function"),
          "not plain: %s", sp_sandbox_error(sb));
    sp_sandbox_free(sb);
}

/* --- snapshots ------------------------------------------------------------------- */

static void test_snapshot(void)
{
    const char *mods[] = {"json"};
    sp_config cfg = {.timeout_s = 2, .allow_modules = mods, .n_allow_modules = 1};
    sp_sandbox *sb = new_sandbox(&cfg);
    sp_function fn = {.name = "echo", .varargs = true, .fn = echo};
    CHECK(sp_sandbox_add_function(sb, &fn) == SP_OK, "add");
    CHECK(sp_sandbox_add_exception(sb, "tools.ToolError", "A tool failed.") == SP_OK, "exception: %s",
          sp_sandbox_error(sb));
    expect(sb, "import json\nclass P:\n    def __init__(self, n): self.n = n\n"
               "def g():\n    yield 1\n    yield 2\n"
               "items = [P(3), {'a': 1}]\nit = g()\nrunning = g()\nnext(running)\n"
               "def twice(x): return echo(x) * 2",
           SP_STATUS_OK, "");
    char *data = NULL;
    size_t len = 0;
    /* a started generator's frame lives on a C stack of its own: refused,
     * by name; one not started yet is saved */
    int rc = sp_sandbox_snapshot(sb, &data, &len);
    CHECK(rc != SP_OK && strstr(sp_sandbox_error(sb), "'running'") &&
              strstr(sp_sandbox_error(sb), "generator that has started"),
          "started generator: %s", sp_sandbox_error(sb));
    sp_free(data);
    data = NULL;
    expect(sb, "del running", SP_STATUS_OK, "");
    rc = sp_sandbox_snapshot(sb, &data, &len);
    CHECK(rc == SP_OK && data && len > 0, "snapshot: %s", sp_sandbox_error(sb));
    sp_sandbox_free(sb);
    if (rc != SP_OK)
        return;
    char *err = NULL;
    sp_sandbox *rs = sp_sandbox_restore(data, len, NULL, &fn, 1, &err);
    CHECK(rs != NULL, "restore: %s", str(err));
    sp_free(err);
    if (rs) {
        expect(rs, "print(items[0].n, items[1], next(it), next(it), twice(21), json.dumps(1))", SP_STATUS_OK,
               "3 {'a': 1} 1 2 42 1\n");
        expect(rs, "import tools\nprint(issubclass(tools.ToolError, Exception))", SP_STATUS_OK, "True\n");
        sp_sandbox_free(rs);
    }
    /* corrupt or truncated bytes are errors, never crashes */
    for (size_t cut = 0; cut < len; cut += len / 37 + 1) {
        err = NULL;
        rs = sp_sandbox_restore(data, cut, NULL, &fn, 1, &err);
        CHECK(!rs && err, "truncated at %zu", cut);
        sp_free(err);
        sp_sandbox_free(rs);
    }
    data[len / 2] ^= 0x5a;
    err = NULL;
    rs = sp_sandbox_restore(data, len, NULL, &fn, 1, &err);
    if (rs) /* a flipped byte in a string may still load: it must still run */
        expect(rs, "print(1)", SP_STATUS_OK, "1\n");
    sp_free(err);
    sp_sandbox_free(rs);
    sp_free(data);
}

int main(void)
{
    test_basics();
    test_rejected();
    test_limits();
    test_cancel();
    test_two_threads();
    test_host();
    test_snapshot();
    printf("lib: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
