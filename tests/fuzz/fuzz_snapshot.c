/*
 * fuzz_snapshot.c - libFuzzer target: ev_session_restore on hostile bytes.
 * The first input byte picks how: even, the rest of the input is the
 * snapshot itself; odd, it is a list of edits (2-byte position, 1-byte
 * xor mask) applied to a valid snapshot of a small but varied session,
 * and its last byte, when the edits leave one, truncates it.  A restore
 * must end in an error message or a usable session (its globals are then
 * printed and a function called); crashes, sanitizer reports, leaks
 * (EV_DEBUG checks that no object outlives its session) and hangs are
 * findings.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

#include "evaluator/evaluator.h"

const TSLanguage *tree_sitter_python(void);

static const ev_limits limits = {
    .timeout_s = 1.0, .max_memory = (size_t)64 << 20, .max_depth = 200, .max_output = (size_t)64 << 10,
};

static void discard(void *ctx, const char *data, size_t len)
{
    (void)ctx;
    (void)data;
    (void)len;
}

static void run(ev_session *s, const char *code)
{
    TSParser *p = ts_parser_new();
    if (!p)
        return;
    if (ts_parser_set_language(p, tree_sitter_python())) {
        TSTree *t = ts_parser_parse_string(p, NULL, code, (uint32_t)strlen(code));
        if (t) {
            ev_result r;
            (void)ev_session_run(s, code, strlen(code), t, "<fuzz>", EV_MODE_INTERACTIVE, discard, NULL, &r);
            ev_result_clear(&r);
            ts_tree_delete(t);
        }
    }
    ts_parser_delete(p);
}

static const char base_src[] =
    "import math\n"
    "class A:\n"
    "    __slots__ = ('x', 'y')\n"
    "    def __init__(self, x):\n"
    "        self.x = x\n"
    "class B(A):\n"
    "    def m(self, k=2):\n"
    "        return super().__init__(self.x * k) or self\n"
    "    @property\n"
    "    def p(self):\n"
    "        return self.x\n"
    "class C:\n"
    "    def __init__(self):\n"
    "        self.a, self.b = 1, [self]\n"
    "def outer(n):\n"
    "    def inner(*, z=n):\n"
    "        return z + n\n"
    "    return inner\n"
    "def gen(k):\n"
    "    yield from range(k)\n"
    "f = outer(3)\n"
    "objs = [A(1), B(2), C(), (1, 2.5, 'z', b'q', 2 ** 90), frozenset({(1, frozenset({2}))}), {3, 4}]\n"
    "objs.append(objs)\n"
    "d = {'objs': objs, 'f': f, 'g': gen(2), 'r': range(1, 9, 2), 's': slice(None, 3), 'm': math.floor,\n"
    "     'c': 1 + 2j, 'ba': bytearray(b'xy'), 'meth': objs[1].m, 'app': objs.append}\n";

static char *base;
static size_t base_len;

static void make_base(void)
{
    ev_session *s = ev_session_new(&limits);
    if (!s)
        abort();
    run(s, base_src);
    char *err = NULL;
    if (ev_session_snapshot(s, &base, &base_len, &err) != 0)
        abort(); /* the base session must be saveable */
    ev_session_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!base)
        make_base();
    if (size == 0)
        return 0;
    char *snap;
    size_t len;
    if (!(data[0] & 1)) {
        len = size - 1;
        snap = malloc(len ? len : 1);
        if (!snap)
            return 0;
        memcpy(snap, data + 1, len);
    } else {
        len = base_len;
        snap = malloc(len);
        if (!snap)
            return 0;
        memcpy(snap, base, len);
        size_t i = 1;
        for (; i + 3 <= size; i += 3) {
            size_t pos = ((size_t)data[i] | (size_t)data[i + 1] << 8) % len;
            snap[pos] = (char)(snap[pos] ^ data[i + 2]);
        }
        if (i < size)
            len = len * data[i] / 255;
    }
    ev_session *s = ev_session_new(&limits);
    if (s) {
        char *err = NULL;
        if (ev_session_restore(s, snap, len, &err) == 0) {
            run(s, "try:\n    repr(objs)\nexcept Exception:\n    pass\ntry:\n    repr(d)\nexcept Exception:\n    pass\ntry:\n    f()\nexcept Exception:\n    pass\ntry:\n    B(5).m().p\nexcept Exception:\n    pass\ntry:\n    list(d[\'g\'])\nexcept Exception:\n    pass\ntry:\n    C().b\nexcept Exception:\n    pass\ntry:\n    d[\'meth\']()\nexcept Exception:\n    pass\ntry:\n    objs[2].b[0].a\nexcept Exception:\n    pass\n");
            char *again = NULL;
            size_t again_len;
            if (ev_session_snapshot(s, &again, &again_len, &err) == 0)
                free(again);
            else
                free(err);
        } else {
            if (!err)
                abort(); /* a failure always says why */
            free(err);
        }
        ev_session_free(s);
    }
    free(snap);
    return 0;
}
