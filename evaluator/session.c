/*
 * session.c - the public face of the evaluator: sessions, runs and limits
 * (an uncaught exception's traceback is rendered by traceback.c).
 *
 * Each run executes on a thread with a large stack, so deep Python
 * recursion has room and the C-stack guard knows exactly where the stack
 * ends: the caller's own thread when it has such a stack (a long-lived
 * server makes one, so a run costs no thread creation), else a new thread
 * while the caller's waits.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "evaluator/gen.h"
#include "evaluator/node.h"

#define RUN_STACK_BYTES EV_RUN_STACK_BYTES /* reserved, committed lazily */
#define STACK_MARGIN ((size_t)256 << 10)
#define TICKS_PER_CHECK 4096

struct ev_session {
    ev_interp I; /* first: ev_session_interp (ev.h) */
    ev_limits limits;
};
_Static_assert(offsetof(struct ev_session, I) == 0, "ev_session_interp casts a session to its interpreter");

static const char *const module_names[] = {
    "collections", "datetime", "itertools", "math", "queue", "random", "re",
    "stat", "statistics", "time", "unicodedata", NULL,
};

const char *const *ev_module_names(void)
{
    return module_names;
}

int ev_session_allow_module(ev_session *s, const char *name)
{
    return ev_module_allow(&s->I, name);
}

static pthread_once_t gmp_once = PTHREAD_ONCE_INIT;

/* The names CPython's __main__ module starts with: __name__, and None for
 * __doc__ (a program's docstring replaces it when it runs), __package__
 * and __spec__.  (__loader__ and __builtins__ are refused by the policy.) */
static int main_names(ev_interp *I)
{
    static const char *const nones[] = {"__doc__", "__package__", "__spec__"};
    ev_str *name = I->dn[EV_DN_NAME];
    ev_value main = ev_str_from_cstr(I, "__main__");
    if (!name || EV_IS_ERR(main))
        return -1;
    int r = ev_dict_set_str(I, I->globals, name, main);
    ev_decref(I, main);
    for (size_t i = 0; r == 0 && i < sizeof nones / sizeof *nones; i++) {
        ev_str *k = ev_intern(I, nones[i], strlen(nones[i]));
        r = k ? ev_dict_set_str(I, I->globals, k, EV_NONE) : -1;
    }
    return r;
}

static int session_init_state(ev_interp *I)
{
    ev_value d;
    d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return -1;
    I->interned = ev_as_dict(d);
    I->class_version = 1; /* a new class (version 0) fills its cache on first use */
    static const char *const dn_text[EV_DN__COUNT] = {
#define EV_DN_TEXT(id, text) text,
        EV_DUNDERS(EV_DN_TEXT)
#undef EV_DN_TEXT
    };
    for (int i = 0; i < EV_DN__COUNT; i++)
        if (!(I->dn[i] = ev_intern(I, dn_text[i], strlen(dn_text[i]))))
            return -1;
    d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return -1;
    I->builtins = ev_as_dict(d);
    d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return -1;
    I->globals = ev_as_dict(d);
    d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return -1;
    I->modules = ev_as_dict(d);
    if (ev_builtins_install(I) || ev_class_install(I))
        return -1;
    return main_names(I);
}

ev_session *ev_session_new(const ev_limits *limits)
{
    pthread_once(&gmp_once, ev_mem_install_gmp);
    ev_session *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (limits)
        s->limits = *limits;
    if (s->limits.timeout_s <= 0)
        s->limits.timeout_s = EV_DEFAULT_TIMEOUT_S;
    if (!s->limits.max_memory)
        s->limits.max_memory = EV_DEFAULT_MAX_MEMORY;
    if (!s->limits.max_depth)
        s->limits.max_depth = EV_DEFAULT_MAX_DEPTH;
    if (!s->limits.max_output)
        s->limits.max_output = EV_DEFAULT_MAX_OUTPUT;
    ev_interp *I = &s->I;
    I->session = s;
    I->mem_max = s->limits.max_memory;
    I->max_depth = s->limits.max_depth;
    I->gc_gen_mark = 128; /* as after a collection that left none (gc.c) */
    I->exc = EV_NONE;
    I->last_value = EV_NONE;
    for (const char *const *n = module_names; *n; n++)
        (void)ev_session_allow_module(s, *n);
    /* the policy's default set is the eleven with collections.abc, which
     * `import collections` imports itself: without it a bare session (an
     * embedder's) could not import collections at all */
    (void)ev_session_allow_module(s, "collections.abc");
    atomic_init(&I->interrupt, false);
    ev_interp *saved = ev_current;
    ev_current = I;
    int r = session_init_state(I);
    ev_current = saved;
    if (r) {
        ev_mem_release_all(I);
        free(s);
        return NULL;
    }
    return s;
}

static void release_roots(ev_interp *I)
{
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    ev_decref(I, I->last_value);
    I->last_value = EV_NONE;
    for (ev_value *t = &I->stdout_target; t; t = t == &I->stdout_target ? &I->stderr_target : NULL) {
        ev_value v = *t;
        *t = EV_ERR;
        if (!EV_IS_ERR(v))
            ev_decref(I, v);
    }
    if (I->globals) {
        ev_decref(I, ev_obj_val(&I->globals->h));
        I->globals = NULL;
    }
    if (I->numbers_types) {
        ev_decref(I, ev_obj_val(&I->numbers_types->h));
        I->numbers_types = NULL;
    }
    if (I->abc_types) {
        ev_decref(I, ev_obj_val(&I->abc_types->h));
        I->abc_types = NULL;
    }
    ev_class_break_cycles(I);
    if (I->modules) {
        ev_decref(I, ev_obj_val(&I->modules->h));
        I->modules = NULL;
    }
    /* the programs go with the last function, traceback or run using them;
     * cycles among what the roots held are collected by ev_session_reset,
     * and teardown frees every block whatever remains */
}

void ev_session_free(ev_session *s)
{
    if (!s)
        return;
    ev_interp *I = &s->I;
    ev_interp *saved = ev_current;
    ev_current = I;
    I->tearing_down = true;
    /* no finalizer runs at teardown: there is no run (no output, no clock),
     * and nothing it could change outlives the session */
    ev_fin_discard(I);
    release_roots(I);
#if EV_DEBUG
    /* the check below is for refcount slips: the program's own cycles go first */
    ev_gc_collect(I);
#endif
    if (I->builtins)
        ev_decref(I, ev_obj_val(&I->builtins->h));
    memset(I->interncache, 0, sizeof I->interncache); /* its strings go now */
    if (I->interned)
        ev_decref(I, ev_obj_val(&I->interned->h));
#if EV_DEBUG
    if (I->mem_used != 0)
        fprintf(stderr, "safepy: debug: %zu bytes still allocated at session teardown (a reference cycle or a refcount slip)\n",
                I->mem_used);
#endif
    ev_mem_release_all(I);
    ev_gen_pool_free(I); /* after the generators: unmaps every stack */
    ev_host_free(I);     /* after the builtin objects whose defs it holds */
    free(I->fin_q);
    free(I->fin_err);
    ev_current = saved;
    free(s);
}

void ev_session_reset(ev_session *s)
{
    ev_interp *I = &s->I;
    if (I->in_host)
        return; /* a host callback must not reset its own session */
    ev_interp *saved = ev_current;
    ev_current = I;
    I->limit = NULL;
    I->tearing_down = true;
    /* the globals go without their finalizers: reset runs outside a run
     * (no output channel, no clock), and nothing a __del__ could change
     * survives the reset */
    ev_fin_discard(I);
    release_roots(I);
    ev_gc_collect(I); /* functions in cycles, and the programs they hold */
    I->tearing_down = false;
    ev_value md = ev_dict_new(I);
    if (!EV_IS_ERR(md))
        I->modules = ev_as_dict(md);
    ev_value d = ev_dict_new(I);
    if (!EV_IS_ERR(d)) {
        I->globals = ev_as_dict(d);
        if (main_names(I)) {
            /* out of memory: a name stays unset, the next run reports it */
        }
    }
    ev_current = saved;
}

void ev_session_usage(const ev_session *s, size_t *bytes, size_t *programs)
{
    if (bytes)
        *bytes = s->I.mem_used;
    if (programs)
        *programs = s->I.live_programs;
}

void ev_session_interrupt(ev_session *s)
{
    atomic_store(&s->I.interrupt, true);
}

int ev_check_limits_slow(ev_interp *I)
{
    I->tick = TICKS_PER_CHECK;
    if (I->limit)
        return -1;
    if (atomic_load_explicit(&I->interrupt, memory_order_relaxed)) {
        ev_raise_limit(I, "cancelled");
        return -1;
    }
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec > I->deadline.tv_sec ||
        (now.tv_sec == I->deadline.tv_sec && now.tv_nsec >= I->deadline.tv_nsec)) {
        ev_raise_limit(I, "time");
        return -1;
    }
    return 0;
}

static char *render_limit(const ev_session *s, const char *which)
{
    char buf[512];
    const ev_limits *l = &s->limits;
    if (strcmp(which, "time") == 0)
        snprintf(buf, sizeof buf,
                 "safepy: stopped: time limit exceeded (the program needed more than %g s). "
                 "Make it do less work or use a faster algorithm.\n", l->timeout_s);
    else if (strcmp(which, "memory") == 0)
        snprintf(buf, sizeof buf,
                 "safepy: stopped: memory limit exceeded (the program needed more than %zu MiB). "
                 "Work on smaller data or avoid building huge values.\n", l->max_memory >> 20);
    else if (strcmp(which, "output") == 0)
        snprintf(buf, sizeof buf,
                 "safepy: stopped: output limit exceeded (more than %zu bytes printed; the output "
                 "was truncated). Print less, e.g. a summary or the first lines.\n", l->max_output);
    else if (strcmp(which, "cancelled") == 0)
        snprintf(buf, sizeof buf, "safepy: stopped: the run was cancelled.\n");
    else
        snprintf(buf, sizeof buf, "safepy: stopped: %s limit exceeded.\n", which);
    return strdup(buf);
}

/* ---- running ---------------------------------------------------------------------------------- */

/* Does any live class define __del__?  (What the exit collection is for.) */
static bool any_finalizer(ev_interp *I)
{
    for (ev_type *t = I->classes; t; t = t->cnext)
        if (t->dict && ev_type_lookup(t, I->dn[EV_DN_DEL]))
            return true;
    return false;
}

/* Exit: the finalizer of v (held by the caller), if it has one not yet
 * run: an instance's __del__, a suspended generator's finally blocks.
 * Errors are reported or ignored, as at exit; -1 on a limit. */
static int exit_finalize(ev_interp *I, ev_value v)
{
    if (v.tag != EV_T_OBJ)
        return 0;
    if (ev_is(v, EV_O_GEN) && ev_gen_needs_close((ev_gen *)v.u.o))
        ev_gen_finalize(I, (ev_gen *)v.u.o);
    else if (ev_fin_run(I, v.u.o))
        return -1;
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    return I->limit || ev_fin_drain(I) ? -1 : 0;
}

/* Exit: the finalizers of the items of a global list, tuple or dict, in
 * the order freeing it would run them (a list's last item first).  The
 * container is re-read after each: a finalizer may change it. */
static int exit_finalize_items(ev_interp *I, ev_value c)
{
    int r = 0;
    if (ev_is(c, EV_O_LIST) || ev_is(c, EV_O_TUPLE)) {
        bool list = ev_is(c, EV_O_LIST);
        size_t n = list ? ev_as_list(c)->len : ev_as_tuple(c)->len;
        for (size_t i = n; i-- > 0 && r == 0;) {
            if (list && i >= ev_as_list(c)->len)
                continue;
            ev_value x = ev_dup(list ? ev_as_list(c)->items[i] : ev_as_tuple(c)->items[i]);
            r = exit_finalize(I, x);
            ev_decref(I, x);
        }
    } else if (ev_is(c, EV_O_DICT)) {
        ev_dict *d = ev_as_dict(c);
        for (size_t i = 0; i < d->nentries && r == 0; i++) {
            if (EV_IS_ERR(d->entries[i].key))
                continue;
            ev_value x = ev_dup(d->entries[i].value);
            r = exit_finalize(I, x);
            ev_decref(I, x);
        }
    }
    return r;
}

/* At the end of a file run, release the globals as CPython 3.11's exit
 * does, while output and limits still work.  Its exit finds the module's
 * namespace garbage and runs the finalizers of what it holds before
 * freeing any of it (PEP 442), every global still set: the objects the
 * globals name, in their order (an instance's __del__, a suspended
 * generator's finally blocks), then the items of the lists, tuples and
 * dicts they name, each in its free order; then the names go in order, and
 * what is left is finalized as it is freed.  A limit stops it. */
static void clear_module(ev_interp *I)
{
    ev_value pending = I->exc;
    I->exc = EV_NONE;
    ev_dict *d = I->globals;
    ev_incref(ev_obj_val(&d->h));
    /* the entries are re-read after every call: a finalizer may add or
     * delete globals (the table may move) */
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < d->nentries && !I->limit; i++) {
            if (EV_IS_ERR(d->entries[i].key))
                continue;
            ev_value v = ev_dup(d->entries[i].value);
            int r = pass == 0 ? exit_finalize(I, v) : exit_finalize_items(I, v);
            ev_decref(I, v);
            if (r)
                break;
        }
    for (size_t i = 0; i < d->nentries && !I->limit; i++) {
        ev_dict_entry *e = &d->entries[i];
        if (EV_IS_ERR(e->key) || !ev_is(e->key, EV_O_STR) || e->value.tag == EV_T_NONE)
            continue;
        ev_value old = e->value;
        e->value = EV_NONE;
        ev_decref(I, old);
        ev_decref(I, I->exc); /* errors while closing are ignored, as at exit */
        I->exc = EV_NONE;
        if (ev_fin_drain(I))
            break;
    }
    ev_decref(I, ev_obj_val(&d->h));
    /* cycles holding instances with __del__, which CPython's exit
     * collection finalizes too */
    if (!I->limit && any_finalizer(I)) {
        ev_gc_collect(I);
        if (ev_fin_drain(I)) {
            /* the limit is set: the run reports it */
        }
    }
    ev_decref(I, I->exc);
    I->exc = pending;
}

typedef struct run_args {
    ev_session *s;
    const char *src;
    size_t len;
    const TSTree *tree;
    const char *filename;
    ev_result *res;
} run_args;

/* The lowest address of the calling thread's stack, and its size; 0 for
 * the main thread, whose stack pthread_getattr_np can only find through
 * /proc (which the sandbox closes).  Cached: the lookup makes system calls. */
static void *thread_stack(size_t *size)
{
    static _Thread_local bool known;
    static _Thread_local void *addr;
    static _Thread_local size_t bytes;
    if (!known) {
        known = true;
        pthread_attr_t attr;
        if (gettid() != getpid() && pthread_getattr_np(pthread_self(), &attr) == 0) {
            pthread_attr_getstack(&attr, &addr, &bytes);
            pthread_attr_destroy(&attr);
        }
    }
    *size = bytes;
    return addr;
}


/* The uncaught exception is a SystemExit whose code means success (none,
 * None, 0 or False). */
static bool clean_exit(ev_interp *I)
{
    if (I->limit || !ev_is(I->exc, EV_O_EXC))
        return false;
    ev_exc *e = (ev_exc *)I->exc.u.o;
    if (!ev_type_is_subclass(e->type, &ev_type_SystemExit) || !ev_is(e->args, EV_O_TUPLE))
        return false;
    ev_tuple *a = ev_as_tuple(e->args);
    if (a->len == 0)
        return true;
    if (a->len > 1)
        return false;
    ev_value c = a->items[0];
    return c.tag == EV_T_NONE || ((c.tag == EV_T_INT || c.tag == EV_T_BOOL) && c.u.i == 0);
}

/* A program run as a file has __file__, the path its tracebacks show, and
 * __cached__ None (a notebook cell, like CPython's interactive mode, has
 * neither). */
static int set_file(ev_interp *I, const char *filename)
{
    ev_str *key = ev_intern(I, "__file__", 8);
    ev_str *cached = ev_intern(I, "__cached__", 10);
    ev_value v = key && cached ? ev_str_from_cstr(I, filename) : EV_ERR;
    if (EV_IS_ERR(v))
        return -1;
    int r = ev_dict_set_str(I, I->globals, key, v);
    ev_decref(I, v);
    return r ? r : ev_dict_set_str(I, I->globals, cached, EV_NONE);
}

static void *run_thread(void *arg)
{
    run_args *a = arg;
    ev_session *s = a->s;
    ev_interp *I = &s->I;
    ev_result *res = a->res;
    ev_current = I;

    size_t stack_size;
    I->stack_limit = (uintptr_t)thread_stack(&stack_size) + STACK_MARGIN;
    uint64_t allocs_before = I->gc_allocs;

    ev_program *p = ev_lower(I, a->src, a->len, a->tree, a->filename);
    if (!p) {
        /* the lowering refuses with a SyntaxError, or fails as CPython's
         * compiler and parser do on a chain too long for them, with their
         * RecursionError or MemoryError (exit status 1, as CPython's) */
        ev_type *t = ev_is(I->exc, EV_O_EXC) ? ((ev_exc *)I->exc.u.o)->type : NULL;
        res->status = I->limit ? EV_LIMIT
                      : t == &ev_type_RecursionError || t == &ev_type_MemoryError ? EV_EXCEPTION
                                                                                   : EV_SYNTAX;
    } else if (!I->interactive && set_file(I, a->filename)) {
        res->status = I->limit ? EV_LIMIT : EV_EXCEPTION;
    } else {
        res->status = ev_exec_program(I, p) == 0 ? EV_OK : (I->limit ? EV_LIMIT : EV_EXCEPTION);
    }
    if (res->status == EV_EXCEPTION && clean_exit(I)) {
        /* raise SystemExit / SystemExit(0) / SystemExit(None): the program
         * ends normally and silently, as under CPython */
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        res->status = EV_OK;
    }
    if (!I->interactive && p) {
        /* CPython collects once at exit before the module's names go: a
         * generator suspended in a garbage cycle is closed then (its
         * finally blocks run and print).  Only that is visible here, so
         * the collection runs only while some generator is suspended. */
        if ((I->live_gens > 0 || any_finalizer(I)) && !I->limit) {
            ev_gc_collect(I);
            if (ev_fin_drain(I)) {
                /* a limit: reported below */
            }
        }
        clear_module(I);
    } else if (!I->limit) {
        /* A notebook session lives for many calls: the cycles a call made
         * go at its end.  A collection walks every live container, so a
         * session holding very many only collects once a call has made a
         * fair share of new ones: x = 1 stays fast beside a million objects. */
        uint64_t made = I->gc_allocs - allocs_before;
        if (made > 0 && (I->gc_live < 50000 || made * 8 >= I->gc_live))
            ev_gc_collect(I);
        if (ev_fin_drain(I)) {
            /* a limit: reported below */
        }
    }
    /* a limit no status carried (hit by the finally blocks of generators
     * closed with the module, or a failed allocation a helper reported only
     * through the limit it set): the run did not complete */
    if (I->limit)
        res->status = EV_LIMIT;
    if (res->status == EV_OK && I->interactive && I->last_value.tag != EV_T_NONE) {
        ev_value r = ev_repr(I, I->last_value);
        if (EV_IS_ERR(r)) {
            res->status = I->limit ? EV_LIMIT : EV_EXCEPTION;
        } else {
            res->result = strdup(ev_as_str(r)->data);
            ev_decref(I, r);
            if (I->capture_value)
                res->value = ev_plain_capture(I, I->last_value);
        }
    }
    if (res->status == EV_LIMIT) {
        res->limit = I->limit;
        res->error = render_limit(s, I->limit);
        res->error_type = strdup("LimitExceeded");
    } else if ((res->status == EV_EXCEPTION || res->status == EV_SYNTAX) && ev_is(I->exc, EV_O_EXC)) {
        ev_exc *e = (ev_exc *)I->exc.u.o;
        res->error_type = strdup(e->type->name);
        res->error = ev_render_traceback(I, I->exc, a->src, a->len, a->filename, res);
        if (e->type == &ev_type_SyntaxError && e->ntb == 0)
            res->status = EV_SYNTAX;
    }
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    ev_decref(I, I->last_value);
    I->last_value = EV_NONE;
    /* what that dropped (the frames an uncaught exception kept, the
     * interactive result) is finalized now, after the traceback */
    if (!I->limit && ev_fin_drain(I) && res->status != EV_LIMIT) {
        res->status = EV_LIMIT;
        res->limit = I->limit;
        free(res->error);
        free(res->error_type);
        res->error = render_limit(s, I->limit);
        res->error_len = 0;
        res->error_type = strdup("LimitExceeded");
    }
    /* what a limit left queued is freed without its finalizer */
    ev_fin_discard(I);
    if (I->fin_err) {
        /* what failing finalizers reported (CPython prints it to stderr as
         * it happens), before the run's own error */
        size_t el = res->error ? (res->error_len ? res->error_len : strlen(res->error)) : 0;
        char *m = malloc(I->fin_err_len + el + 1);
        if (m) {
            memcpy(m, I->fin_err, I->fin_err_len);
            if (el)
                memcpy(m + I->fin_err_len, res->error, el);
            m[I->fin_err_len + el] = '\0';
            if (res->error_len)
                res->error_len += I->fin_err_len;
            free(res->error);
            res->error = m;
        }
        free(I->fin_err);
        I->fin_err = NULL;
        I->fin_err_len = 0;
    }
    /* the run's own reference: what the call defined and kept holds the rest */
    ev_program_release(I, p);
    ev_current = NULL;
    return NULL;
}

ev_status ev_session_run(ev_session *s, const char *src, size_t len, const TSTree *tree,
                         const char *filename, ev_mode mode, ev_write_fn out, void *out_ctx,
                         ev_result *res)
{
    memset(res, 0, sizeof *res);
    if (!s || !tree) {
        res->status = EV_INTERNAL;
        res->error = strdup("safepy: internal error: no session or no syntax tree\n");
        return res->status;
    }
    ev_interp *I = &s->I;
    if (I->in_host) {
        res->status = EV_INTERNAL;
        res->error = strdup("safepy: internal error: a host function called back into its session\n");
        return res->status;
    }
    I->limit = NULL;
    atomic_store(&I->interrupt, false);
    I->out = out;
    I->out_ctx = out_ctx;
    I->out_used = 0;
    I->out_max = s->limits.max_output;
    I->out_truncated = false;
    I->interactive = mode == EV_MODE_INTERACTIVE;
    I->tick = TICKS_PER_CHECK;
    I->syntax_line = I->syntax_col = 0;
    ev_mem_injection_setup(I); /* runs only: counted from the start of each */
    clock_gettime(CLOCK_MONOTONIC, &I->deadline);
    double whole;
    double frac = modf(s->limits.timeout_s, &whole);
    I->deadline.tv_sec += (time_t)whole;
    I->deadline.tv_nsec += (long)(frac * 1e9);
    if (I->deadline.tv_nsec >= 1000000000L) {
        I->deadline.tv_sec++;
        I->deadline.tv_nsec -= 1000000000L;
    }

    run_args a = {s, src, len, tree, filename, res};
    size_t own_stack;
    thread_stack(&own_stack);
    pthread_attr_t attr;
    pthread_t th;
    if (own_stack >= RUN_STACK_BYTES) {
        run_thread(&a);
    } else if (pthread_attr_init(&attr) != 0 || pthread_attr_setstacksize(&attr, RUN_STACK_BYTES) != 0 ||
        pthread_create(&th, &attr, run_thread, &a) != 0) {
        res->status = EV_INTERNAL;
        res->error = strdup("safepy: internal error: cannot start the evaluator thread\n");
        return res->status;
    } else {
        pthread_attr_destroy(&attr);
        pthread_join(th, NULL);
    }
    ev_mem_injection_report(I);
    res->output_truncated = I->out_truncated;
    if (I->limit && strcmp(I->limit, "memory") == 0) {
        /* leave the session usable: the values that blew the limit are gone */
    }
    I->limit = NULL;
    return res->status;
}

void ev_result_clear(ev_result *res)
{
    ev_plain_clear(res->value);
    free(res->value);
    free(res->result);
    free(res->error);
    free(res->error_type);
    memset(res, 0, sizeof *res);
}
