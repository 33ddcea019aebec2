/*
 * safepy.c - the command line: a thin shell over the analyzer, the evaluator
 * and the MCP server.
 *
 * Exit codes of `run`: 0 ok, 1 uncaught Python exception, 2 rejected (rule or
 * syntax error), 3 stopped by a limit, 64 usage error, 70 internal error.
 * Exit codes of `lint`: 0 clean, 1 findings, 2 error.
 */
#include <dirent.h>
#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cJSON.h>

#include "analyzer/analyzer.h"
#include "evaluator/evaluator.h"
#include "libsafepy/safepy.h"
#include "mcp_server/mcp.h"

#ifndef SAFEPY_VERSION
#define SAFEPY_VERSION "0.0.0"
#endif

enum { EXIT_USAGE = 64, EXIT_INTERNAL = 70 };
#define MAX_SOURCE_BYTES ((size_t)64 << 20)

static const char USAGE[] =
    "usage: safepy [--version] [--help] COMMAND [ARGS]\n"
    "\n"
    "Run model-written Python safely: parse, check against rules, evaluate\n"
    "with hard limits and no file, process, network or environment access.\n"
    "\n"
    "commands:\n"
    "  run FILE|-          run a program like `python3 FILE`\n"
    "  lint FILE...|-      check programs against the rules only\n"
    "  mcp                 serve the MCP tools run_python and check_python on stdio\n"
    "  rules list|explain|test   list, explain or test the rules\n"
    "\n"
    "`safepy COMMAND --help` describes each command.\n";

static const char USAGE_RUN[] =
    "usage: safepy run [options] FILE|-\n"
    "\n"
    "Check FILE (or standard input for -) against the rules and run it.\n"
    "Standard output is the program's; diagnostics and tracebacks go to stderr.\n"
    "\n"
    "options:\n"
    "  --timeout SECONDS     wall-clock limit (default 5)\n"
    "  --max-memory BYTES    memory limit; suffixes K, M, G (default 256M)\n"
    "  --max-depth N         Python recursion limit (default 1000)\n"
    "  --max-output BYTES    standard output limit; suffixes K, M, G (default 1M)\n"
    "  --rules DIR           add or replace rules from DIR/*.json\n"
    "  --allow-module NAME[,NAME...]  also allow these modules (repeatable); see\n"
    "                        `safepy rules explain SP101` for the ones that can be\n"
    "\n"
    "exit status: 0 ok, 1 uncaught exception, 2 rejected or syntax error,\n"
    "3 stopped by a limit, 64 usage error\n";

static const char USAGE_LINT[] =
    "usage: safepy lint [--format text|json|sarif] [--profile cpython|sandbox] [--rules DIR]\n"
    "                   [--allow-module NAME[,NAME...]] [--select IDS] [--ignore IDS]\n"
    "                   [--exit-zero] [--statistics] [--markdown]\n"
    "                   FILE|DIR...|-\n"
    "\n"
    "Check programs against the rules without running them.  A directory is\n"
    "searched for *.py files (in name order).\n"
    "--profile cpython (the default) also refuses what leads out of a sandbox\n"
    "only under real CPython: private module attributes, modules reached through\n"
    "modules, computed getattr names, dir(), format-string traversal, type()\n"
    "with three arguments.  --profile sandbox checks what `run` and `mcp` check.\n"
    "--select / --ignore IDS   only / not these rules: ids or prefixes, comma-separated (SP3,SP101)\n"
    "--markdown                the inputs are Markdown: check their ```python and ```py blocks,\n"
    "                          reporting lines of the Markdown file\n"
    "--statistics              a count per rule on stderr\n"
    "--exit-zero               exit 0 even when there are findings\n"
    "--allow-module NAMES      modules the agent may import besides the default ones\n"
    "A line ending in `# safepy: ignore[SP305]` waives those rules on that line\n"
    "(a bare `# safepy: ignore` waives nothing and is itself finding SP000).\n"
    "exit status: 0 clean, 1 findings, 2 error\n";

static const char USAGE_MCP[] =
    "usage: safepy mcp [--timeout S] [--max-memory B] [--max-depth N] [--max-output B] [--rules DIR]\n"
    "                  [--allow-module NAME[,NAME...]] [--log-level error|warn|info|debug]\n"
    "                  [--upstream FILE]\n"
    "\n"
    "Serve MCP (JSON-RPC 2.0, one message per line) on stdin/stdout; logs go to\n"
    "stderr (default level warn).  Protocol revisions: 2026-07-28 (stateless: each\n"
    "request names it in _meta; server/discover; the Tasks extension) and, through\n"
    "initialize, 2025-11-25, 2025-06-18, 2025-03-26 and 2024-11-05, chosen per\n"
    "request.  Tools: run_python {code, reset?} keeps variables between calls (one\n"
    "process serves one client, in either era); check_python {code} only analyzes.\n"
    "Limits apply to each call.  Python runs in a separate locked-down worker\n"
    "process, replaced if it crashes or hangs (the session's variables are then\n"
    "lost, and the client is told).\n"
    "--upstream FILE (code mode): start the MCP servers FILE names (the mcpServers\n"
    "format: command, args, env; plus tools, excludeTools, maxCallsPerRun,\n"
    "timeoutSeconds) and let programs call their tools: `from tools import SERVER`,\n"
    "then SERVER.TOOL(name=value, ...).  See docs/mcp.md.\n";

static const char USAGE_RULES[] =
    "usage: safepy rules list [--format text|json] [--rules DIR]\n"
    "       safepy rules explain [--rules DIR] [--allow-module NAMES] ID\n"
    "       safepy rules test [--rules DIR] FILE...\n"
    "\n"
    "list: the loaded rules (id, severity, profiles, title).\n"
    "explain: a rule's message, hint, rationale, references, profiles, query and\n"
    "the examples of its test file (rules/ID.py or DIR/ID.py).\n"
    "test: check rule test files (every rule runs, whatever its profile): the\n"
    "line after `# ruleid: ID` must be flagged by rule ID, the line after\n"
    "`# ok: ID` must not be.  Exit 0 when all pass.\n";

typedef struct options {
    ev_limits limits;
    mcp_log_level log_level;
    const char *rules_dir;
    const char *upstream; /* mcp --upstream FILE */
    /* --allow-module values as given (each NAME[,NAME...]), applied to the
     * rules by load_rules and to the evaluator's sessions from the rules */
    const char *allow[32];
    size_t nallow;
    bool allow_refused; /* load_rules failed on an --allow-module value */
    an_format format;
    bool format_set;
    an_profile profile;
    bool profile_set;
    /* lint */
    const char *select, *ignore;
    bool exit_zero, statistics, markdown;
    int argc;           /* positional arguments left */
    char **argv;
} options;

static int parse_size(const char *s, size_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s || s[0] == '-')
        return -1;
    unsigned long long mul = 1;
    if (*end == 'K' || *end == 'k') mul = 1ull << 10, end++;
    else if (*end == 'M' || *end == 'm') mul = 1ull << 20, end++;
    else if (*end == 'G' || *end == 'g') mul = 1ull << 30, end++;
    if (*end != '\0' || v == 0 || v > (1ull << 40) / mul)
        return -1;
    *out = (size_t)(v * mul);
    return 0;
}

/* Parses options anywhere among the arguments; returns -1 on a usage error
 * (already reported), 1 for --help, 0 otherwise. */
static int parse_options(int argc, char **argv, const char *usage, options *o)
{
    memset(o, 0, sizeof *o);
    o->argv = argv;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char *val = (i + 1 < argc) ? argv[i + 1] : NULL;
        /* --name=value, as GNU getopt_long: the value is the rest of the
         * argument (possibly empty), the next argument stays an argument */
        char name[32];
        const char *eq = strncmp(a, "--", 2) == 0 ? strchr(a, '=') : NULL;
        if (eq) {
            size_t n = (size_t)(eq - a);
            if (n >= sizeof name) {
                fprintf(stderr, "safepy: unknown option %.*s\n%s", (int)n, a, usage);
                return -1;
            }
            memcpy(name, a, n);
            name[n] = '\0';
            a = name;
            val = eq + 1;
        }
        if (!eq && (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)) {
            fputs(usage, stdout);
            return 1;
        }
        if (strcmp(a, "-") == 0 || a[0] != '-') {
            o->argv[o->argc++] = argv[i];
            continue;
        }
        if (!eq && strcmp(a, "--") == 0) {
            for (i++; i < argc; i++)
                o->argv[o->argc++] = argv[i];
            break;
        }
        if (usage == USAGE_LINT && (strcmp(a, "--exit-zero") == 0 || strcmp(a, "--statistics") == 0 ||
                                    strcmp(a, "--markdown") == 0)) {
            if (eq) {
                fprintf(stderr, "safepy: option %s takes no value\n%s", a, usage);
                return -1;
            }
            if (a[2] == 'e')
                o->exit_zero = true;
            else if (a[2] == 's')
                o->statistics = true;
            else
                o->markdown = true;
            continue;
        }
        if (!val) {
            fprintf(stderr, "safepy: option %s needs a value or is unknown\n%s", a, usage);
            return -1;
        }
        if (strcmp(a, "--timeout") == 0) {
            char *end;
            double t = strtod(val, &end);
            if (*end || !(t > 0) || t > 86400) {
                fprintf(stderr, "safepy: --timeout wants seconds in (0, 86400], got '%s'\n", val);
                return -1;
            }
            o->limits.timeout_s = t;
        } else if (strcmp(a, "--max-memory") == 0) {
            if (parse_size(val, &o->limits.max_memory) || o->limits.max_memory < (1u << 20)) {
                fprintf(stderr, "safepy: --max-memory wants a size of at least 1M, got '%s'\n", val);
                return -1;
            }
        } else if (strcmp(a, "--max-output") == 0) {
            if (parse_size(val, &o->limits.max_output)) {
                fprintf(stderr, "safepy: --max-output wants a size such as 64K or 1M, got '%s'\n", val);
                return -1;
            }
        } else if (strcmp(a, "--max-depth") == 0) {
            char *end;
            long d = strtol(val, &end, 10);
            if (*end || d < 1 || d > 100000) {
                fprintf(stderr, "safepy: --max-depth wants 1..100000, got '%s'\n", val);
                return -1;
            }
            o->limits.max_depth = (uint32_t)d;
        } else if (strcmp(a, "--rules") == 0) {
            o->rules_dir = val;
        } else if (strcmp(a, "--allow-module") == 0) {
            if (o->nallow == sizeof o->allow / sizeof *o->allow) {
                fprintf(stderr, "safepy: too many --allow-module options (name several, comma-separated)\n");
                return -1;
            }
            o->allow[o->nallow++] = val;
        } else if (strcmp(a, "--select") == 0 && usage == USAGE_LINT) {
            o->select = val;
        } else if (strcmp(a, "--ignore") == 0 && usage == USAGE_LINT) {
            o->ignore = val;
        } else if (strcmp(a, "--upstream") == 0 && usage == USAGE_MCP) {
            o->upstream = val;
        } else if (strcmp(a, "--log-level") == 0 && usage == USAGE_MCP) {
            o->log_level = mcp_log_level_parse(val);
            if (o->log_level == MCP_LOG_DEFAULT) {
                fprintf(stderr, "safepy: --log-level wants error, warn, info or debug, got '%s'\n", val);
                return -1;
            }
        } else if (strcmp(a, "--format") == 0) {
            if (strcmp(val, "text") == 0) o->format = AN_FMT_TEXT;
            else if (strcmp(val, "json") == 0) o->format = AN_FMT_JSON;
            else if (strcmp(val, "sarif") == 0) o->format = AN_FMT_SARIF;
            else {
                fprintf(stderr, "safepy: --format wants text, json or sarif, got '%s'\n", val);
                return -1;
            }
            o->format_set = true;
        } else if (strcmp(a, "--profile") == 0) {
            if (strcmp(val, "cpython") == 0) o->profile = AN_PROFILE_CPYTHON;
            else if (strcmp(val, "sandbox") == 0) o->profile = AN_PROFILE_SANDBOX;
            else {
                fprintf(stderr, "safepy: --profile wants cpython or sandbox, got '%s'\n", val);
                return -1;
            }
            o->profile_set = true;
        } else {
            fprintf(stderr, "safepy: unknown option %s\n%s", a, usage);
            return -1;
        }
        if (!eq)
            i++;
    }
    return 0;
}

/* Reads a whole file ("-" is stdin) into a malloc'd buffer. */
static char *read_source(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "safepy: cannot open '%s': %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (n == cap) {
            if (cap >= MAX_SOURCE_BYTES) {
                fprintf(stderr, "safepy: '%s' is larger than %zu MiB\n", path, MAX_SOURCE_BYTES >> 20);
                free(buf);
                buf = NULL;
                break;
            }
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                fprintf(stderr, "safepy: cannot read '%s'\n", path);
                free(buf);
                buf = NULL;
            }
            break;
        }
    }
    if (f != stdin)
        fclose(f);
    *len = n;
    return buf;
}

/* Applies --allow-module: each name must be a module safepy implements
 * and keeps off by default (the policy's optin_modules); -1 after saying
 * why not. */
static int allow_modules(an_rules *r, const options *o)
{
    for (size_t i = 0; i < o->nallow; i++) {
        const char *v = o->allow[i];
        while (*v) {
            size_t n = strcspn(v, ",");
            char name[64];
            if (n == 0 || n >= sizeof name) {
                fprintf(stderr, "safepy: --allow-module wants module names separated by commas, got '%s'\n",
                        o->allow[i]);
                return -1;
            }
            memcpy(name, v, n);
            name[n] = '\0';
            v += n + (v[n] == ',');
            char *err = NULL;
            an_status st = an_rules_allow_module(r, name, &err);
            free(err);
            if (st == AN_ENOMEM) {
                fprintf(stderr, "safepy: out of memory\n");
                return -1;
            }
            if (st == AN_OK)
                continue;
            size_t ne, no;
            const char *const *esc = an_rules_set_items(r, "escape_modules", &ne);
            const char *const *opt = an_rules_set_items(r, "optin_modules", &no);
            bool escape = false;
            for (size_t k = 0; k < ne; k++)
                escape = escape || strcmp(esc[k], name) == 0;
            if (escape)
                fprintf(stderr, "safepy: --allow-module %s: that module reaches files, processes or the "
                                "interpreter itself; safepy has no such module and never will\n", name);
            else
                fprintf(stderr, "safepy: --allow-module %s: safepy does not implement that module\n", name);
            fprintf(stderr, "modules that can be allowed: ");
            for (size_t k = 0; k < no; k++)
                fprintf(stderr, "%s%s", k ? ", " : "", opt[k]);
            fprintf(stderr, "%s\n", no ? "" : "(none: every module safepy implements is allowed)");
            return -1;
        }
    }
    return 0;
}

static an_rules *load_rules(options *o)
{
    const char *dir = o->rules_dir;
    an_rules *r = NULL;
    char *err = NULL;
    if (an_rules_load_default(&r, &err) != AN_OK) {
        fprintf(stderr, "safepy: built-in rules: %s\n", err ? err : "out of memory");
        free(err);
        return NULL;
    }
    if (dir && an_rules_load_dir(r, dir, &err) != AN_OK) {
        fprintf(stderr, "safepy: rules in '%s': %s\n", dir, err ? err : "out of memory");
        free(err);
        an_rules_free(r);
        return NULL;
    }
    if (allow_modules(r, o) != 0) {
        o->allow_refused = true;
        an_rules_free(r);
        return NULL;
    }
    return r;
}

static void write_stdout(void *ctx, const char *data, size_t len)
{
    (void)ctx;
    fwrite(data, 1, len, stdout);
}

/* One program run by `safepy run`, on the thread made for it. */
typedef struct run_job {
    ev_limits limits;
    sp_sandbox *sb;
    const char *src;
    size_t len;
    const char *fname;
    int status;
} run_job;

/* The backstop behind the evaluator's clock: past its CPU budget the
 * kernel sends SIGXCPU (sandbox.c's RLIMIT_CPU), whose default action kills
 * the process with its output unwritten.  Every long native operation is
 * meant to stop at the time limit first; should one escape, the run still
 * ends as the time limit ends it: the output written, the limit's message,
 * exit 3.  The signal is taken on the evaluator thread (the main thread
 * blocks it), so the flush cannot wait on a lock that thread holds. */
static char xcpu_msg[256];
static size_t xcpu_len;

static void on_sigxcpu(int sig)
{
    (void)sig;
    fflush_unlocked(stdout);
    if (write(STDERR_FILENO, xcpu_msg, xcpu_len) < 0)
        _exit(3);
    _exit(3);
}

static void *run_job_main(void *arg)
{
    run_job *j = arg;
    sigset_t xcpu;
    sigemptyset(&xcpu);
    sigaddset(&xcpu, SIGXCPU);
    pthread_sigmask(SIG_UNBLOCK, &xcpu, NULL);
    /* The lockdown covers every thread; nothing is opened after it. */
    if (ev_sandbox_enter(&j->limits) < 0) {
        fprintf(stderr, "safepy: cannot install the sandbox (seccomp and rlimits)\n");
        return NULL;
    }
    /* parse, check and run: libsafepy's pipeline, as the MCP server's */
    sp_run_options opt = {.filename = j->fname, .file_mode = true, .write = write_stdout};
    sp_result *r = sp_sandbox_run_with(j->sb, j->src, j->len, &opt);
    if (!r) {
        fprintf(stderr, "safepy: %s\n", sp_sandbox_error(j->sb));
        return NULL;
    }
    fflush(stdout);
    if (r->report)
        fputs(r->report, stderr);
    if (r->output_truncated)
        fprintf(stderr, "safepy: output truncated at the output limit\n");
    if (r->error)
        fwrite(r->error, 1, r->error_len, stderr);
    switch (r->status) {
    case SP_STATUS_OK: j->status = 0; break;
    case SP_STATUS_ERROR: j->status = r->internal ? EXIT_INTERNAL : 1; break;
    case SP_STATUS_REJECTED: j->status = 2; break;
    case SP_STATUS_LIMIT: j->status = 3; break;
    default: j->status = EXIT_INTERNAL; break;
    }
    sp_result_free(r);
#if defined(EV_DEBUG) && EV_DEBUG
    sp_sandbox_free(j->sb); /* sanitizer builds check that everything is freed */
    j->sb = NULL;
#else
    /* the process exits next: returning every block of a big program's
     * heap one by one would cost up to a tenth of the run, as CPython also
     * skips its objects at exit */
#endif
    return NULL;
}

/* Runs the job on a thread with the evaluator's stack, inside the same
 * lockdown as the MCP worker.  Everything that needs a system call the
 * sandbox forbids happens here first: stdout gets its buffer now (stdio
 * would fstat it on first use), descriptors above 2 are closed, qsort
 * learns the memory size. */
static int cmp_byte(const void *a, const void *b)
{
    return *(const unsigned char *)a - *(const unsigned char *)b;
}

static int run_locked_down(run_job *job)
{
    static char outbuf[1 << 16];
    setvbuf(stdout, outbuf, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, sizeof outbuf);
    closefrom(3);
    /* The program is parsed and checked inside the lockdown too, and the
     * analyzer sorts: glibc's qsort asks the kernel for the machine's
     * memory (sysinfo, which the filter refuses) the first time it sorts
     * more than 1 KiB, and keeps the answer.  Ask now (a 20,000-line
     * program was killed by SIGSYS). */
    static unsigned char warm[2048];
    qsort(warm, sizeof warm, 1, cmp_byte);
    double t = job->limits.timeout_s > 0 ? job->limits.timeout_s : EV_DEFAULT_TIMEOUT_S;
    int n = snprintf(xcpu_msg, sizeof xcpu_msg,
                     "safepy: stopped: time limit exceeded (the program needed more than %g s). "
                     "Make it do less work or use a faster algorithm.\n", t);
    xcpu_len = n > 0 && (size_t)n < sizeof xcpu_msg ? (size_t)n : 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigxcpu;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGXCPU, &sa, NULL);
    sigset_t xcpu;
    sigemptyset(&xcpu);
    sigaddset(&xcpu, SIGXCPU);
    pthread_sigmask(SIG_BLOCK, &xcpu, NULL); /* the evaluator thread unblocks it */
    pthread_attr_t attr;
    pthread_t th;
    if (pthread_attr_init(&attr) != 0)
        return -1;
    int rc = pthread_attr_setstacksize(&attr, EV_RUN_STACK_BYTES + ((size_t)1 << 20));
    if (rc == 0)
        rc = pthread_create(&th, &attr, run_job_main, job);
    pthread_attr_destroy(&attr);
    if (rc != 0) {
        fprintf(stderr, "safepy: cannot start the evaluator thread\n");
        return -1;
    }
    pthread_join(th, NULL);
    return 0;
}

/* The sandbox of `safepy run`: the options' limits and policy.  When the
 * library refuses them, load_rules says why as the other commands do
 * (--allow-module's and --rules' messages and exit status). */
static sp_sandbox *run_sandbox(options *o, int *status)
{
    const char *names[256];
    char buf[4096];
    size_t n = 0, used = 0;
    for (size_t i = 0; i < o->nallow; i++) {
        for (const char *v = o->allow[i]; *v;) {
            size_t k = strcspn(v, ",");
            if (n == sizeof names / sizeof *names || used + k + 1 > sizeof buf)
                goto refused; /* load_rules says what is wrong */
            memcpy(buf + used, v, k);
            buf[used + k] = '\0';
            names[n++] = buf + used;
            used += k + 1;
            v += k + (v[k] == ',');
        }
    }
    sp_config cfg = {.timeout_s = o->limits.timeout_s, .max_memory = o->limits.max_memory,
                     .max_depth = o->limits.max_depth, .max_output = o->limits.max_output,
                     .rules_dir = o->rules_dir, .allow_modules = names, .n_allow_modules = n};
    char *err = NULL;
    sp_sandbox *sb = sp_sandbox_new(&cfg, &err);
    if (sb)
        return sb;
    free(err);
refused:;
    an_rules *r = load_rules(o);
    if (r) { /* the options are fine: the library ran out of memory */
        an_rules_free(r);
        fprintf(stderr, "safepy: out of memory\n");
    }
    *status = o->allow_refused ? EXIT_USAGE : EXIT_INTERNAL;
    return NULL;
}

static int cmd_run(int argc, char **argv)
{
    options o;
    int rc = parse_options(argc, argv, USAGE_RUN, &o);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    if (o.argc != 1) {
        fprintf(stderr, "safepy run: expected one FILE (or - for stdin)\n%s", USAGE_RUN);
        return EXIT_USAGE;
    }
    const char *path = o.argv[0];
    /* CPython shows the script's absolute path in tracebacks */
    char *abs = strcmp(path, "-") == 0 ? NULL : realpath(path, NULL);
    const char *fname = strcmp(path, "-") == 0 ? "<stdin>" : abs ? abs : path;
    size_t len;
    char *src = read_source(path, &len);
    if (!src)
        return EXIT_USAGE;
    int status = EXIT_INTERNAL;
    sp_sandbox *sb = run_sandbox(&o, &status);
    if (!sb)
        goto fail;
    fflush(NULL);
    run_job job = {.limits = o.limits, .sb = sb, .src = src, .len = len, .fname = fname,
                   .status = EXIT_INTERNAL};
    if (run_locked_down(&job) == 0)
        status = job.status;
    sb = job.sb; /* NULL when the run freed it */
#if defined(EV_DEBUG) && EV_DEBUG
    sp_sandbox_free(sb);
#endif
fail:
    free(src);
    free(abs);
    return status;
}

/* ---- lint -------------------------------------------------------------------------------- */

/* The files lint checks, in order: a growable list of malloc'd paths. */
typedef struct pathlist {
    char **v;
    size_t n, cap;
} pathlist;

static int pathlist_add(pathlist *l, const char *path)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 16;
        char **nv = realloc(l->v, cap * sizeof *nv);
        if (!nv)
            return -1;
        l->v = nv;
        l->cap = cap;
    }
    if (!(l->v[l->n] = strdup(path)))
        return -1;
    l->n++;
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The *.py (or *.md) files under dir, in name order; hidden entries and
 * symbolic links are skipped, depth is bounded. */
static int collect_dir(const char *dir, const char *ext, pathlist *out, int depth)
{
    if (depth > 32)
        return 0;
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "safepy: cannot read directory '%s': %s\n", dir, strerror(errno));
        return -1;
    }
    pathlist names = {0};
    struct dirent *e;
    int rc = 0;
    while (rc == 0 && (e = readdir(d)) != NULL)
        if (e->d_name[0] != '.')
            rc = pathlist_add(&names, e->d_name);
    closedir(d);
    if (names.n)
        qsort(names.v, names.n, sizeof *names.v, cmp_names);
    for (size_t i = 0; rc == 0 && i < names.n; i++) {
        size_t need = strlen(dir) + strlen(names.v[i]) + 2;
        char *full = malloc(need);
        if (!full) {
            rc = -1;
            break;
        }
        snprintf(full, need, "%s/%s", dir, names.v[i]);
        struct stat st;
        if (lstat(full, &st) == 0 && S_ISDIR(st.st_mode)) {
            rc = collect_dir(full, ext, out, depth + 1);
        } else if (lstat(full, &st) == 0 && S_ISREG(st.st_mode)) {
            size_t n = strlen(full), k = strlen(ext);
            if (n > k && strcmp(full + n - k, ext) == 0)
                rc = pathlist_add(out, full);
        }
        free(full);
    }
    for (size_t i = 0; i < names.n; i++)
        free(names.v[i]);
    free(names.v);
    return rc;
}

/* A fence line of a Markdown code block: up to 3 spaces, then ```; *lang
 * gets the info string's first word. */
static bool md_fence(const char *line, size_t n, char *lang, size_t langcap)
{
    size_t i = 0;
    while (i < n && i < 3 && line[i] == ' ')
        i++;
    if (n - i < 3 || strncmp(line + i, "```", 3) != 0)
        return false;
    i += 3;
    while (i < n && line[i] == '`')
        i++;
    while (i < n && line[i] == ' ')
        i++;
    size_t k = 0;
    while (i < n && line[i] != ' ' && line[i] != '\n' && line[i] != '\r' && k + 1 < langcap)
        lang[k++] = line[i++];
    lang[k] = '\0';
    return true;
}

/* The python blocks of a Markdown text, each as a source padded with empty
 * lines so that its line numbers are the Markdown file's.  Returns the
 * count, -1 on allocation failure; *blocks and each block are malloc'd. */
static int md_blocks(const char *src, size_t len, char ***blocks, size_t **lens)
{
    char **bv = NULL;
    size_t *lv = NULL, nb = 0;
    size_t pos = 0, line = 0, start = 0, start_line = 0;
    bool in = false, python = false;
    while (pos < len) {
        const char *nl = memchr(src + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - src) + 1 : len;
        char lang[32];
        if (md_fence(src + pos, end - pos, lang, sizeof lang)) {
            if (!in) {
                in = true;
                python = strcmp(lang, "python") == 0 || strcmp(lang, "py") == 0 || strcmp(lang, "python3") == 0;
                start = end;
                start_line = line + 1;
            } else {
                in = false;
                if (python) {
                    size_t body = pos - start;
                    char *b = malloc(start_line + body + 1);
                    char **nbv = realloc(bv, (nb + 1) * sizeof *bv);
                    size_t *nlv = nbv ? realloc(lv, (nb + 1) * sizeof *lv) : NULL;
                    if (nbv)
                        bv = nbv;
                    if (nlv)
                        lv = nlv;
                    if (!b || !nbv || !nlv) {
                        free(b);
                        goto fail;
                    }
                    memset(b, '\n', start_line);
                    memcpy(b + start_line, src + start, body);
                    b[start_line + body] = '\0';
                    bv[nb] = b;
                    lv[nb++] = start_line + body;
                }
            }
        }
        pos = end;
        line++;
    }
    *blocks = bv;
    *lens = lv;
    return (int)nb;
fail:
    for (size_t i = 0; i < nb; i++)
        free(bv[i]);
    free(bv);
    free(lv);
    return -1;
}

typedef struct rulecount {
    const char *id; /* borrowed from a report that lives until the end */
    size_t n;
} rulecount;

static int cmp_counts(const void *a, const void *b)
{
    const rulecount *x = a, *y = b;
    if (x->n != y->n)
        return x->n > y->n ? -1 : 1;
    return strcmp(x->id, y->id);
}

static int cmd_lint(int argc, char **argv)
{
    options o;
    int rc = parse_options(argc, argv, USAGE_LINT, &o);
    if (rc)
        return rc > 0 ? 0 : 2;
    if (o.argc < 1) {
        fprintf(stderr, "safepy lint: expected at least one FILE, DIR (or -)\n%s", USAGE_LINT);
        return 2;
    }
    pathlist files = {0};
    for (int i = 0; i < o.argc; i++) {
        struct stat st;
        const char *a = o.argv[i];
        int e = strcmp(a, "-") != 0 && stat(a, &st) == 0 && S_ISDIR(st.st_mode)
                    ? collect_dir(a, o.markdown ? ".md" : ".py", &files, 0) : pathlist_add(&files, a);
        if (e) {
            for (size_t k = 0; k < files.n; k++)
                free(files.v[k]);
            free(files.v);
            return 2;
        }
    }
    an_rules *rules = load_rules(&o);
    int status = 2;
    size_t nrep = 0, caprep = 0, suppressed = 0, nfind = 0, nfiles_with = 0;
    an_parse **ps = NULL;
    an_report **reps = NULL;
    char *perr = NULL;
    if (!rules)
        goto fail;
    if (an_rules_set_profile(rules, o.profile_set ? o.profile : AN_PROFILE_CPYTHON, &perr) != AN_OK) {
        fprintf(stderr, "safepy: rules: %s\n", perr ? perr : "out of memory");
        free(perr);
        goto fail;
    }
    /* The analysis of a big file runs on one thread per CPU; the output
     * does not depend on their number.  SAFEPY_LINT_THREADS=N caps them
     * (1: the main thread only), for the tests that check exactly that. */
#ifdef __GLIBC__
    /* tree-sitter allocates and frees a node at a time: by default the
     * heaps grow a page at a time and shrink again, some 2,000 mprotect
     * and brk calls for a 10,000-line file, each of which stops the other
     * thread's page faults; grown 16 MiB at a time and kept, 16 calls.
     * Pages never touched cost nothing, and lint exits when done. */
    mallopt(M_TOP_PAD, 16 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
    unsigned threads = 0;
    const char *tenv = getenv("SAFEPY_LINT_THREADS");
    if (tenv && *tenv)
        threads = (unsigned)strtoul(tenv, NULL, 10);
    for (size_t i = 0; i < files.n; i++) {
        const char *path = files.v[i], *fname = strcmp(path, "-") == 0 ? "<stdin>" : path;
        size_t len;
        char *src = read_source(path, &len);
        if (!src)
            goto fail;
        char **blocks = NULL;
        size_t *blens = NULL;
        int nb = 1;
        if (o.markdown && (nb = md_blocks(src, len, &blocks, &blens)) < 0) {
            free(src);
            goto fail;
        }
        size_t before = nfind;
        for (int k = 0; k < nb; k++) {
            if (nrep == caprep) {
                size_t cap = caprep ? caprep * 2 : 16;
                an_parse **np = realloc(ps, cap * sizeof *np);
                an_report **nr = np ? realloc(reps, cap * sizeof *nr) : NULL;
                if (np)
                    ps = np;
                if (!nr) {
                    nb = -1;
                    break;
                }
                reps = nr;
                caprep = cap;
            }
            const char *text = o.markdown ? blocks[k] : src;
            size_t tlen = o.markdown ? blens[k] : len;
            ps[nrep] = NULL;
            reps[nrep] = NULL;
            size_t sup = 0;
            an_status st = an_parse_new_for_analysis(text, tlen, fname, threads, rules, &ps[nrep]);
            nrep++;
            if (st != AN_OK || an_check(rules, ps[nrep - 1], &reps[nrep - 1]) != AN_OK ||
                an_report_filter(reps[nrep - 1], ps[nrep - 1], o.select, o.ignore, &sup) != AN_OK) {
                nb = -1;
                break;
            }
            suppressed += sup;
            nfind += an_report_count(reps[nrep - 1]);
        }
        for (int k = 0; o.markdown && blocks && k < nb; k++)
            free(blocks[k]);
        free(blocks);
        free(blens);
        free(src);
        if (nb < 0) {
            fprintf(stderr, "safepy: out of memory while checking\n");
            goto fail;
        }
        nfiles_with += nfind > before;
    }
    char *out = an_report_render_many((const an_report *const *)reps, (const an_parse *const *)ps, nrep,
                                      o.format);
    if (!out)
        goto fail;
    fputs(out, stdout);
    free(out);
    if (o.format == AN_FMT_TEXT && (nfind || suppressed))
        fprintf(stderr, "safepy lint: %zu finding%s in %zu file%s, %zu suppressed\n", nfind,
                nfind == 1 ? "" : "s", nfiles_with, nfiles_with == 1 ? "" : "s", suppressed);
    if (o.statistics) {
        rulecount *counts = calloc(nfind ? nfind : 1, sizeof *counts);
        size_t nc = 0;
        for (size_t r = 0; counts && r < nrep; r++)
            for (size_t i = 0; i < an_report_count(reps[r]); i++) {
                const char *id = an_report_get(reps[r], i)->rule_id;
                size_t k = 0;
                while (k < nc && strcmp(counts[k].id, id) != 0)
                    k++;
                if (k == nc)
                    counts[nc++] = (rulecount){id, 0};
                counts[k].n++;
            }
        if (counts && nc)
            qsort(counts, nc, sizeof *counts, cmp_counts);
        for (size_t k = 0; counts && k < nc; k++)
            fprintf(stderr, "%6zu  %s\n", counts[k].n, counts[k].id);
        if (suppressed)
            fprintf(stderr, "%6zu  suppressed by '# safepy: ignore[...]'\n", suppressed);
        free(counts);
    }
    status = nfind && !o.exit_zero ? 1 : 0;
fail:
#if defined(EV_DEBUG) && EV_DEBUG
    /* sanitizer builds check that everything is freed */
    for (size_t i = 0; i < nrep; i++) {
        an_report_free(reps[i]);
        an_parse_free(ps[i]);
    }
    free(ps);
    free(reps);
    an_rules_free(rules);
#else
    /* the process exits next: deleting the trees node by node cost 9.5 ms
     * of the 240 ms lint of a 10,000-line file (tree-sitter frees every
     * subtree on its own) */
    (void)ps;
    (void)reps;
    (void)rules;
#endif
    for (size_t k = 0; k < files.n; k++)
        free(files.v[k]);
    free(files.v);
    return status;
}

static int cmd_mcp(int argc, char **argv)
{
    options o;
    int rc = parse_options(argc, argv, USAGE_MCP, &o);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    if (o.argc != 0) {
        fprintf(stderr, "safepy mcp: unexpected argument '%s'\n%s", o.argv[0], USAGE_MCP);
        return EXIT_USAGE;
    }
    an_rules *rules = load_rules(&o);
    if (!rules)
        return o.allow_refused ? EXIT_USAGE : EXIT_INTERNAL;
    /* Code mode: programs may import the module of upstream tools. */
    char *err = NULL;
    if (o.upstream && an_rules_allow_host_module(rules, "tools", &err) != AN_OK) {
        fprintf(stderr, "safepy mcp: %s\n", err ? err : "out of memory");
        free(err);
        an_rules_free(rules);
        return EXIT_INTERNAL;
    }
    /* No lockdown here: this process only speaks MCP; the worker it forks
     * for the Python code locks itself down (mcp_server/worker.c). */
    mcp_config cfg = {.rules = rules, .limits = o.limits, .version = SAFEPY_VERSION,
                      .log_level = o.log_level, .upstream = o.upstream};
    int r = mcp_serve(STDIN_FILENO, STDOUT_FILENO, &cfg);
    an_rules_free(rules);
    return r == 0 ? 0 : EXIT_INTERNAL;
}

static const char *severity_name(an_severity s)
{
    return s == AN_SEV_ERROR ? "error" : s == AN_SEV_WARNING ? "warning" : "note";
}

static void profile_names(unsigned bits, char *buf, size_t n)
{
    snprintf(buf, n, "%s%s%s", (bits & AN_PROFILE_CPYTHON) ? "cpython" : "",
             (bits & AN_PROFILE_CPYTHON) && (bits & AN_PROFILE_SANDBOX) ? "," : "",
             (bits & AN_PROFILE_SANDBOX) ? "sandbox" : "");
}

static int rules_list(const an_rules *rules, const options *o)
{
    if (o->format_set && o->format == AN_FMT_JSON) {
        cJSON *arr = cJSON_CreateArray();
        for (size_t i = 0; arr && i < an_rules_count(rules); i++) {
            cJSON *x = cJSON_CreateObject();
            cJSON *refs = cJSON_CreateArray();
            cJSON *profs = cJSON_CreateArray();
            if (!x || !refs || !profs) {
                cJSON_Delete(x);
                cJSON_Delete(refs);
                cJSON_Delete(profs);
                cJSON_Delete(arr);
                arr = NULL;
                break;
            }
            cJSON_AddItemToArray(arr, x);
            cJSON_AddStringToObject(x, "id", an_rules_id(rules, i));
            cJSON_AddStringToObject(x, "severity", severity_name(an_rules_severity(rules, i)));
            cJSON_AddStringToObject(x, "title", an_rules_title(rules, i));
            cJSON_AddStringToObject(x, "message", an_rules_message(rules, i));
            cJSON_AddStringToObject(x, "hint", an_rules_hint(rules, i));
            if (an_rules_rationale(rules, i))
                cJSON_AddStringToObject(x, "rationale", an_rules_rationale(rules, i));
            for (size_t k = 0; k < an_rules_ref_count(rules, i); k++)
                cJSON_AddItemToArray(refs, cJSON_CreateString(an_rules_ref(rules, i, k)));
            cJSON_AddItemToObject(x, "references", refs);
            if (an_rules_profiles(rules, i) & AN_PROFILE_CPYTHON)
                cJSON_AddItemToArray(profs, cJSON_CreateString("cpython"));
            if (an_rules_profiles(rules, i) & AN_PROFILE_SANDBOX)
                cJSON_AddItemToArray(profs, cJSON_CreateString("sandbox"));
            cJSON_AddItemToObject(x, "profiles", profs);
            cJSON_AddBoolToObject(x, "has_tests", an_rules_tests(rules, i) != NULL);
        }
        char *out = arr ? cJSON_Print(arr) : NULL;
        cJSON_Delete(arr);
        if (!out) {
            fprintf(stderr, "safepy: out of memory\n");
            return EXIT_INTERNAL;
        }
        puts(out);
        free(out);
        return 0;
    }
    if (o->format_set && o->format != AN_FMT_TEXT) {
        fprintf(stderr, "safepy rules list: --format wants text or json\n");
        return EXIT_USAGE;
    }
    for (size_t i = 0; i < an_rules_count(rules); i++) {
        char prof[32];
        profile_names(an_rules_profiles(rules, i), prof, sizeof prof);
        printf("%-8s %-8s %-16s %s\n", an_rules_id(rules, i), severity_name(an_rules_severity(rules, i)),
               prof, an_rules_title(rules, i));
    }
    return 0;
}

/* Prints the `# ruleid: ID` examples of a test file: each annotation and the
 * line it marks. */
static void print_examples(const char *tests, const char *id, bool must)
{
    const char *tag = must ? "# ruleid: " : "# ok: ";
    const char *s = tests;
    int shown = 0;
    while (s && *s && shown < 6) {
        const char *e = strchr(s, '\n');
        size_t l = e ? (size_t)(e - s) : strlen(s);
        const char *t = s;
        while (t < s + l && (*t == ' ' || *t == '\t'))
            t++;
        size_t tl = strlen(tag), il = strlen(id);
        if ((size_t)(s + l - t) >= tl + il && memcmp(t, tag, tl) == 0 && memcmp(t + tl, id, il) == 0 &&
            (size_t)(s + l - t) - tl - il <= 1 && e) {
            const char *n = e + 1, *ne = strchr(n, '\n');
            printf("    %.*s\n", (int)(ne ? (size_t)(ne - n) : strlen(n)), n);
            shown++;
        }
        s = e ? e + 1 : NULL;
    }
    if (!shown)
        printf("    (none)\n");
}

/* Prints a hint with its {{set:NAME}} placeholders expanded, as the
 * diagnostics show it (the sets reflect --allow-module and --rules). */
static void print_with_sets(const an_rules *r, const char *t)
{
    for (;;) {
        const char *o = strstr(t, "{{set:");
        const char *e = o ? strstr(o, "}}") : NULL;
        if (!e) {
            fputs(t, stdout);
            return;
        }
        fwrite(t, 1, (size_t)(o - t), stdout);
        char name[64];
        size_t n = (size_t)(e - (o + 6));
        if (n < sizeof name) {
            memcpy(name, o + 6, n);
            name[n] = '\0';
            size_t k;
            const char *const *items = an_rules_set_items(r, name, &k);
            for (size_t i = 0; i < k; i++)
                printf("%s%s", i ? ", " : "", items[i]);
            if (k == 0)
                fputs("(none)", stdout);
        }
        t = e + 2;
    }
}

static int rules_explain(const an_rules *rules, const char *id)
{
    for (size_t i = 0; i < an_rules_count(rules); i++) {
        if (strcmp(an_rules_id(rules, i), id) != 0)
            continue;
        char prof[32];
        profile_names(an_rules_profiles(rules, i), prof, sizeof prof);
        printf("%s: %s\n\n", id, an_rules_title(rules, i));
        printf("severity:  %s\nprofiles:  %s\nfile:      %s\n", severity_name(an_rules_severity(rules, i)), prof,
               an_rules_file(rules, i));
        printf("message:   %s\nhint:      ", an_rules_message(rules, i));
        print_with_sets(rules, an_rules_hint(rules, i));
        putchar('\n');
        if (an_rules_rationale(rules, i))
            printf("\nwhy:\n  %s\n", an_rules_rationale(rules, i));
        if (an_rules_ref_count(rules, i)) {
            printf("\nreferences:\n");
            for (size_t k = 0; k < an_rules_ref_count(rules, i); k++)
                printf("  %s\n", an_rules_ref(rules, i, k));
        }
        printf("\nflagged (# ruleid: examples from the rule's test file):\n");
        print_examples(an_rules_tests(rules, i), id, true);
        printf("not flagged (# ok: examples):\n");
        print_examples(an_rules_tests(rules, i), id, false);
        printf("\nquery:\n  %s\n", an_rules_query(rules, i));
        return 0;
    }
    fprintf(stderr, "safepy rules explain: no rule '%s' (see `safepy rules list`)\n", id);
    return 1;
}

/* Runs one test text; returns -1 on an internal error. */
static int run_rule_test(const an_rules *rules, const char *src, size_t len, const char *name,
                         size_t *total, size_t *bad)
{
    size_t checked = 0, failed = 0;
    char *log = NULL;
    if (an_rules_test_source(rules, src, len, name, &checked, &failed, &log) != AN_OK)
        return -1;
    if (log)
        fputs(log, stdout);
    free(log);
    *total += checked;
    *bad += failed;
    return 0;
}

static int cmd_rules(int argc, char **argv)
{
    options o;
    int rc = parse_options(argc, argv, USAGE_RULES, &o);
    if (rc)
        return rc > 0 ? 0 : EXIT_USAGE;
    const char *sub = o.argc >= 1 ? o.argv[0] : "";
    bool test = strcmp(sub, "test") == 0;
    bool list = strcmp(sub, "list") == 0 && o.argc == 1;
    bool explain = strcmp(sub, "explain") == 0 && o.argc == 2;
    if (!test && !list && !explain) {
        fprintf(stderr, "safepy rules: expected 'list', 'explain ID' or 'test [FILE...]'\n%s", USAGE_RULES);
        return EXIT_USAGE;
    }
    an_rules *rules = load_rules(&o);
    if (!rules)
        return o.allow_refused ? EXIT_USAGE : EXIT_INTERNAL;
    /* rule tests exercise every rule, whatever its profile */
    char *perr = NULL;
    if (an_rules_set_profile(rules, AN_PROFILE_CPYTHON, &perr) != AN_OK) {
        fprintf(stderr, "safepy: rules: %s\n", perr ? perr : "out of memory");
        free(perr);
        an_rules_free(rules);
        return EXIT_INTERNAL;
    }
    int status = 0;
    if (list) {
        status = rules_list(rules, &o);
    } else if (explain) {
        status = rules_explain(rules, o.argv[1]);
    } else {
        size_t total = 0, bad = 0;
        if (o.argc == 1) {
            /* every loaded rule against its own test file */
            for (size_t i = 0; i < an_rules_count(rules); i++) {
                const char *t = an_rules_tests(rules, i);
                char name[160], tag[64];
                /* embedded rules are named by file name alone: they come from rules/ */
                const char *f = an_rules_file(rules, i);
                snprintf(name, sizeof name, "%s%.*s.py", strchr(f, '/') ? "" : "rules/", (int)(strlen(f) - 5), f);
                snprintf(tag, sizeof tag, "# ruleid: %s\n", an_rules_id(rules, i));
                if (!t || !strstr(t, tag)) {
                    printf("%s: %s: no test file with a '# ruleid: %s' example\n", name, an_rules_id(rules, i),
                           an_rules_id(rules, i));
                    bad++;
                    continue;
                }
                if (run_rule_test(rules, t, strlen(t), name, &total, &bad) < 0)
                    status = 2;
            }
        }
        for (int i = 1; i < o.argc; i++) {
            size_t len;
            char *src = read_source(o.argv[i], &len);
            if (!src || run_rule_test(rules, src, len, o.argv[i], &total, &bad) < 0)
                status = 2;
            free(src);
        }
        printf("rules: %zu passed, %zu failed\n", total >= bad ? total - bad : 0, bad);
        status = status ? status : (bad ? 1 : 0);
    }
    an_rules_free(rules);
    return status;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(USAGE, stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        printf("safepy %s\n", SAFEPY_VERSION);
        return 0;
    }
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(USAGE, stdout);
        return 0;
    }
    if (strcmp(cmd, "run") == 0)
        return cmd_run(argc - 2, argv + 2);
    if (strcmp(cmd, "lint") == 0)
        return cmd_lint(argc - 2, argv + 2);
    if (strcmp(cmd, "mcp") == 0)
        return cmd_mcp(argc - 2, argv + 2);
    if (strcmp(cmd, "rules") == 0)
        return cmd_rules(argc - 2, argv + 2);
    fprintf(stderr, "safepy: unknown command '%s'\n%s", cmd, USAGE);
    return EXIT_USAGE;
}
