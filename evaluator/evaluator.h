/*
 * evaluator.h - the Python interpreter: lowering, object model, builtins,
 * modules and limits.  The only header of the evaluator component.
 *
 * Ownership:
 *   ev_session  owns every Python object it ever created, through one
 *               accounting allocator.  ev_session_free() releases all of it,
 *               whatever user code did.  Globals (variables, functions)
 *               persist across ev_session_run() calls until
 *               ev_session_reset().
 *   ev_result   filled by ev_session_run(); its strings are malloc'd (not
 *               session memory) and released by ev_result_clear().
 *   The TSTree passed to ev_session_run() stays owned by the caller; the
 *   evaluator lowers it into its own compact form and keeps no reference.
 *
 * Threading: a session is used by one thread at a time.  Only
 * ev_session_interrupt() may be called from another thread (it is
 * async-signal-safe and lock-free).
 */
#ifndef SAFEPY_EVALUATOR_H
#define SAFEPY_EVALUATOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <tree_sitter/api.h>

#define EV_WARN_UNUSED __attribute__((warn_unused_result))

/* Operator-set limits; 0 in a field means "use the default". */
typedef struct ev_limits {
    double timeout_s;      /* wall clock per run; default 5 s */
    size_t max_memory;     /* bytes of live session memory; default 256 MiB */
    uint32_t max_depth;    /* Python call depth; default 1000 */
    size_t max_output;     /* bytes of stdout per run; default 1 MiB */
} ev_limits;

#define EV_DEFAULT_TIMEOUT_S 5.0
#define EV_DEFAULT_MAX_MEMORY ((size_t)256 << 20)
#define EV_DEFAULT_MAX_DEPTH 1000u
#define EV_DEFAULT_MAX_OUTPUT ((size_t)1 << 20)

typedef enum ev_status {
    EV_OK = 0,        /* ran to the end */
    EV_EXCEPTION = 1, /* an uncaught Python exception; see error */
    EV_SYNTAX = 2,    /* refused before running: a construct the evaluator does
                         not support or a syntax error it found; see error */
    EV_LIMIT = 3,     /* stopped by a limit; see limit and error */
    EV_INTERNAL = 4,  /* out of host memory or an evaluator fault */
} ev_status;

typedef enum ev_mode {
    EV_MODE_FILE,        /* like `python3 FILE` */
    EV_MODE_INTERACTIVE, /* like a notebook cell: the value of a final
                            expression statement is returned in result */
} ev_mode;

typedef struct ev_result {
    ev_status status;
    char *result;      /* repr() of the last expression (interactive mode,
                          not None), else NULL */
    char *error;       /* traceback or message as CPython prints it (ends with
                          "Type: message\n"), else NULL */
    size_t error_len;  /* its length when an exception's text holds a NUL
                          byte (a message like '\x00'); 0: strlen(error) */
    char *error_type;  /* "ZeroDivisionError", "SyntaxError", ... else NULL */
    uint32_t error_line; /* 1-based line of the error, 0 if unknown */
    const char *limit; /* "time", "memory", "recursion", "output", "operations"
                          (static string) when status == EV_LIMIT */
    bool output_truncated; /* stdout stopped at max_output */
    struct ev_plain *value; /* the last expression as plain data (malloc'd;
                               ev_session_capture_value on, interactive mode,
                               the value plain data), else NULL */
} ev_result;

/* Where print() writes.  Called with each chunk, in order, during the run.
 * The evaluator enforces max_output itself before calling. */
typedef void (*ev_write_fn)(void *ctx, const char *data, size_t len);

typedef struct ev_session ev_session;

/* NULL on host allocation failure. */
ev_session *ev_session_new(const ev_limits *limits);
void ev_session_free(ev_session *s);
/* Lets programs of session s import module `name` too (the operator's
 * --allow-module; a new session allows the eleven of ev_module_names() and
 * collections.abc).
 * 0, or -1 when the evaluator implements no module of that name. */
int ev_session_allow_module(ev_session *s, const char *name);
/* Forget all globals (MCP `reset: true`). */
void ev_session_reset(ev_session *s);

/* Run one program.  `src`/`len` must be the text `tree` was parsed from;
 * `filename` appears in tracebacks.  Always fills *res (call
 * ev_result_clear() afterwards) and returns res->status. */
ev_status ev_session_run(ev_session *s, const char *src, size_t len, const TSTree *tree,
                         const char *filename, ev_mode mode, ev_write_fn out, void *out_ctx,
                         ev_result *res);
void ev_result_clear(ev_result *res);

/* What the session holds now: bytes of session memory in use and lowered
 * programs alive (a program lives while code or a traceback from it is
 * reachable).  For tests and monitoring; either pointer may be NULL. */
void ev_session_usage(const ev_session *s, size_t *bytes, size_t *programs);

/* Ask the running program to stop (e.g. MCP cancellation).  The run then
 * ends with EV_LIMIT and limit "cancelled".  Safe from any thread. */
void ev_session_interrupt(ev_session *s);

/* The OS lockdown (the second wall) of a process about to run Python, for
 * `safepy run` and the MCP worker.  Sets rlimits (no core dumps, no new file
 * descriptors, address space sized from `limits`, a CPU-time ceiling) and
 * installs a seccomp allow-list on every thread of the process: read on
 * fd 0, write on fds 1 and 2, memory management, clocks, futex, exit and
 * little else; any other system call (open, execve, socket, ptrace, fork...)
 * kills the process with SIGSYS.  Call once everything is loaded, with fds
 * 0-2 being the only ones open, and no threads to be created afterwards (run
 * on an EV_RUN_STACK_BYTES thread, see ev_session_run).  0 installed, 1
 * skipped (sanitizer builds: their runtimes need /proc and ptrace), -1
 * failed. */
int ev_sandbox_enter(const ev_limits *limits);
/* The seccomp filter alone, installed even in sanitizer builds (for tests
 * that prove what it refuses, in a forked child).  0 or -1. */
int ev_sandbox_install_filter(void);
/* Lets the process use `seconds` more CPU time from now (RLIMIT_CPU soft
 * limit; SIGXCPU past it).  Allowed inside the sandbox.  0 or -1. */
int ev_sandbox_cpu_budget(double seconds);

/* --- host functions: the operator's grant ------------------------------------
 *
 * The embedder (libsafepy, the MCP server's code mode) hands a session named
 * functions that Python code can call.  They are the only way out of the
 * sandbox, so only plain data crosses, copied on every crossing and never
 * shared with session memory: a tree of ev_plain values in host (malloc)
 * memory.  Python -> host: exactly None, bool, int, float, str, bytes, list,
 * tuple, dict, set and frozenset (not their subclasses), nested at most
 * EV_PLAIN_MAX_DEPTH deep, no container holding itself; anything else is a
 * TypeError naming the type, raised in the calling Python code.  Host ->
 * Python: the same kinds, validated (UTF-8 of str, dict keys hashable,
 * depth), charged to the session's memory limit.
 */
#define EV_PLAIN_MAX_DEPTH 200

typedef enum ev_plain_kind {
    EV_PLAIN_NONE = 0,
    EV_PLAIN_BOOL,
    EV_PLAIN_INT,       /* fits int64_t: u.i */
    EV_PLAIN_BIGINT,    /* any other int: u.text, decimal digits, '-' first if negative */
    EV_PLAIN_FLOAT,     /* u.f */
    EV_PLAIN_STR,       /* u.text: UTF-8 (may hold NUL bytes; len counts bytes) */
    EV_PLAIN_BYTES,     /* u.text */
    EV_PLAIN_LIST,      /* u.seq */
    EV_PLAIN_TUPLE,     /* u.seq */
    EV_PLAIN_DICT,      /* u.seq: key, value, key, value... (len is even), in order */
    EV_PLAIN_SET,       /* u.seq */
    EV_PLAIN_FROZENSET, /* u.seq */
} ev_plain_kind;

typedef struct ev_plain {
    ev_plain_kind kind;
    union {
        bool b;
        int64_t i;
        double f;
        struct {
            char *data; /* malloc'd, NUL-terminated past len */
            size_t len;
        } text;
        struct {
            struct ev_plain *items; /* malloc'd array of len values */
            size_t len;
        } seq;
    } u;
} ev_plain;

/* Frees everything v owns (recursively) and leaves it NONE. */
void ev_plain_clear(ev_plain *v);

/* One parameter of a host function's Python signature. */
typedef struct ev_host_param {
    const char *name;
    bool required;     /* else optional: omitted ones are not passed at all */
    bool keyword_only; /* after the `*` of the signature */
} ev_host_param;

/* What the callback receives.  Everything is owned by the evaluator and
 * valid only during the call. */
typedef struct ev_host_call {
    const char *name;             /* the registered (dotted) name */
    const ev_plain *args;         /* positional arguments */
    size_t nargs;
    const char *const *kwnames;   /* keyword arguments, in call order */
    const ev_plain *kwargs;
    size_t nkw;
    double time_left_s;           /* until the run's time limit; a callback
                                     that blocks should give up by then */
} ev_host_call;

typedef enum ev_host_status {
    EV_HOST_OK = 0,    /* *result holds the return value (NONE: None) */
    EV_HOST_ERROR,     /* raise err->type(err->message) in the caller */
    EV_HOST_LIMIT,     /* the callback ran out of time: the run ends with the
                          time limit (uncatchable, like any limit) */
} ev_host_status;

typedef struct ev_host_error {
    /* A builtin exception name ("KeyError", "ValueError"...) or the dotted
     * name of an exception declared with ev_session_add_host_exception
     * ("tools.ToolError"); anything else becomes RuntimeError. */
    char type[64];
    char *message; /* malloc'd (the evaluator frees it) or NULL */
} ev_host_error;

/* The callback.  Runs on the thread of ev_session_run(); it must not call
 * back into the same session.  On EV_HOST_OK the evaluator takes *result
 * (and clears it); on EV_HOST_ERROR it takes err->message.  Time spent inside
 * counts toward the run's time limit: past it, the run ends with the limit
 * whatever the callback returned. */
typedef ev_host_status (*ev_host_fn)(void *ud, const ev_host_call *call, ev_plain *result,
                                     ev_host_error *err);

typedef struct ev_host_def {
    /* "fetch" is a builtin-like global of every run; a dotted name such as
     * "tools.github.search_issues" puts the function in an importable module
     * ("tools", importable whether or not the policy lists it) under
     * namespaces made for it ("github", an attribute of the module). */
    const char *name;
    const char *doc;               /* __doc__ and help(); NULL: none */
    const ev_host_param *params;   /* the Python signature; the evaluator binds
                                      arguments against it with CPython's
                                      TypeErrors before calling */
    size_t nparams;
    bool varargs;                  /* no signature: any *args and **kwargs
                                      (params must then be NULL) */
    ev_host_fn fn;
    void *ud;
} ev_host_def;

/* Registers a host function; the evaluator copies def's strings and params.
 * Host functions survive ev_session_reset().  0, or -1 (bad name, a name
 * registered twice, host allocation failure). */
int ev_session_add_host(ev_session *s, const ev_host_def *def);
/* Declares an exception class a callback can raise by name, e.g.
 * "tools.ToolError" (a subclass of Exception, catchable by user code).
 * 0 or -1. */
int ev_session_add_host_exception(ev_session *s, const char *dotted_name, const char *doc);

/* Globals as plain data, for embedders (an agent's "send variables").
 * ev_session_set_global binds name (an identifier) to a copy of *v: 0, or -1
 * with a malloc'd message (bad name, invalid value, memory limit).
 * ev_session_get_global copies the value of a global into *out: 0, 1 when
 * there is no such global, -1 with a malloc'd message naming the type when
 * it is not plain data. */
int ev_session_set_global(ev_session *s, const char *name, const ev_plain *v, char **error);
int ev_session_get_global(ev_session *s, const char *name, ev_plain *out, char **error);
/* When on, an interactive run whose last expression's value is plain data
 * also returns it as res->value (off by default: the MCP server shows only
 * the repr). */
void ev_session_capture_value(ev_session *s, bool on);

/* --- snapshots ------------------------------------------------------------------
 *
 * ev_session_snapshot() saves what a session holds between runs - globals,
 * functions, classes, instances, containers, suspended generators - as a
 * malloc'd byte string; whatever cannot be saved makes it fail with a
 * message naming it (malloc'd, in *error).  ev_session_restore() loads such a
 * string into a session that has run nothing yet and has the same host
 * functions registered; the bytes are untrusted input, validated in full
 * (a corrupt or hostile snapshot is an error, never a crash).  0 or -1. */
int ev_session_snapshot(ev_session *s, char **data, size_t *len, char **error);
int ev_session_restore(ev_session *s, const char *data, size_t len, char **error);

/* ev_session_run() runs on the calling thread when that thread was created
 * with a stack of at least this size (and is not the main thread); otherwise
 * it starts a thread with such a stack for the run.  Long-lived callers
 * create one such thread and avoid a thread per run. */
#define EV_RUN_STACK_BYTES ((size_t)512 << 20)

/* Names of the importable modules, NULL-terminated (the import allowlist's
 * implementation: a module not listed does not exist). */
/* Every named node type of the grammar with a sample program and what the
 * lowering does with it: NULL (lowered) or the refusal's message
 * (lower_grammar.c); the last entry's type is NULL. */
typedef struct ev_grammar_node {
    const char *type, *sample, *refusal;
} ev_grammar_node;
const ev_grammar_node *ev_grammar_nodes(void);

const char *const *ev_module_names(void);
/* True when module `name` is implemented (importing the others of the
 * allowlist fails with ImportError for now). */
bool ev_module_implemented(const char *name);

#endif
