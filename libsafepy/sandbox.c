/*
 * sandbox.c - a sandbox: the rule set and the interpreter session of one
 * embedder's Python, and the pipeline of a run (parse, check, evaluate)
 * that `safepy run` and the MCP worker go through too.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libsafepy/sp_int.h"

#define FILENAME "<input>"

/* --- errors ------------------------------------------------------------------- */

void sp_seterr(sp_sandbox *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sb->err, sizeof sb->err, fmt, ap);
    va_end(ap);
}

const char *sp_sandbox_error(const sp_sandbox *sb)
{
    return sb ? sb->err : "no sandbox";
}

void sp_free(void *p)
{
    free(p);
}

static void set_out_error(char **error, const char *msg)
{
    if (error)
        *error = strdup(msg);
}

/* --- configuration --------------------------------------------------------------- */

/* The limits as the CLI validates them; "" or why not. */
static const char *check_limits(const sp_config *c)
{
    if (!(c->timeout_s >= 0) || c->timeout_s > 86400)
        return "timeout_s must be in (0, 86400] seconds (0: the default)";
    if (c->max_memory != 0 && c->max_memory < ((size_t)1 << 20))
        return "max_memory must be at least 1 MiB (0: the default)";
    if (c->max_memory > ((size_t)1 << 40) || c->max_output > ((size_t)1 << 40))
        return "max_memory and max_output must be at most 1 TiB";
    if (c->max_depth > 100000)
        return "max_depth must be in 1..100000 (0: the default)";
    return "";
}

/* Lets the rules allow module `name` (an opt-in module); else says why not,
 * as `--allow-module` does. */
static int allow_module(sp_sandbox *sb, const char *name)
{
    char *err = NULL;
    an_status st = an_rules_allow_module(sb->rules, name, &err);
    free(err);
    if (st == AN_OK)
        return SP_OK;
    if (st == AN_ENOMEM) {
        sp_seterr(sb, "out of memory");
        return SP_ENOMEM;
    }
    size_t ne;
    const char *const *esc = an_rules_set_items(sb->rules, "escape_modules", &ne);
    for (size_t k = 0; k < ne; k++) {
        if (strcmp(esc[k], name) == 0) {
            sp_seterr(sb, "module '%s' reaches files, processes or the interpreter itself; "
                          "safepy has no such module and never will", name);
            return SP_EINVAL;
        }
    }
    sp_seterr(sb, "module '%s' cannot be allowed: safepy does not implement it, or it is "
                  "not one of the policy's opt-in modules", name);
    return SP_EINVAL;
}

static char *dup_opt(const char *s, bool *failed)
{
    if (!s)
        return NULL;
    char *d = strdup(s);
    if (!d)
        *failed = true;
    return d;
}

/* Copies cfg into sb->cfg (sb owns the strings). */
static int copy_config(sp_sandbox *sb, const sp_config *cfg)
{
    bool failed = false;
    sb->cfg = *cfg;
    sb->cfg.rules_dir = dup_opt(cfg->rules_dir, &failed);
    sb->cfg.allow_modules = NULL;
    sb->cfg.n_allow_modules = 0;
    if (cfg->n_allow_modules) {
        char **names = calloc(cfg->n_allow_modules, sizeof *names);
        if (!names)
            return SP_ENOMEM;
        sb->cfg.allow_modules = (const char *const *)names;
        sb->cfg.n_allow_modules = cfg->n_allow_modules;
        for (size_t i = 0; i < cfg->n_allow_modules; i++)
            names[i] = dup_opt(cfg->allow_modules[i] ? cfg->allow_modules[i] : "", &failed);
    }
    return failed ? SP_ENOMEM : SP_OK;
}

static void free_config(sp_config *c)
{
    free((char *)c->rules_dir);
    for (size_t i = 0; i < c->n_allow_modules; i++)
        free((char *)c->allow_modules[i]);
    free((void *)c->allow_modules);
    memset(c, 0, sizeof *c);
}

sp_sandbox *sp_sandbox_new(const sp_config *cfg, char **error)
{
    static const sp_config defaults;
    if (error)
        *error = NULL;
    if (!cfg)
        cfg = &defaults;
    const char *bad = check_limits(cfg);
    if (bad[0]) {
        set_out_error(error, bad);
        return NULL;
    }
    if (cfg->n_allow_modules && !cfg->allow_modules) {
        set_out_error(error, "allow_modules is NULL but n_allow_modules is not 0");
        return NULL;
    }
    sp_sandbox *sb = calloc(1, sizeof *sb);
    if (!sb) {
        set_out_error(error, "out of memory");
        return NULL;
    }
    if (copy_config(sb, cfg) != SP_OK) {
        sp_seterr(sb, "out of memory");
        goto fail;
    }
    char *err = NULL;
    an_status st = an_rules_load_default(&sb->rules, &err);
    if (st == AN_OK && cfg->rules_dir)
        st = an_rules_load_dir(sb->rules, cfg->rules_dir, &err);
    if (st != AN_OK) {
        sp_seterr(sb, "rules%s%s%s: %s", cfg->rules_dir ? " in '" : "",
                  cfg->rules_dir ? cfg->rules_dir : "", cfg->rules_dir ? "'" : "",
                  err ? err : "out of memory");
        free(err);
        goto fail;
    }
    for (size_t i = 0; i < cfg->n_allow_modules; i++) {
        const char *name = cfg->allow_modules[i];
        if (!name || !name[0] || strlen(name) > 63) {
            sp_seterr(sb, "allow_modules[%zu] is not a module name", i);
            goto fail;
        }
        if (allow_module(sb, name) != SP_OK)
            goto fail;
    }
    ev_limits lim = {.timeout_s = cfg->timeout_s, .max_memory = cfg->max_memory,
                     .max_depth = cfg->max_depth, .max_output = cfg->max_output};
    sb->sess = ev_session_new(&lim);
    if (!sb->sess) {
        sp_seterr(sb, "out of memory");
        goto fail;
    }
    /* The rules decide what may be imported; the evaluator's own table
     * decides what exists (a module a policy names but safepy does not
     * implement stays a ModuleNotFoundError at run time). */
    size_t n;
    const char *const *names = an_rules_set_items(sb->rules, "allowed_modules", &n);
    for (size_t i = 0; i < n; i++)
        (void)ev_session_allow_module(sb->sess, names[i]);
    ev_session_capture_value(sb->sess, true);
    sb->out_max = (cfg->max_output ? cfg->max_output : EV_DEFAULT_MAX_OUTPUT) + 4096;
    return sb;
fail:
    set_out_error(error, sb->err[0] ? sb->err : "out of memory");
    sp_sandbox_free(sb);
    return NULL;
}

void sp_sandbox_free(sp_sandbox *sb)
{
    if (!sb)
        return;
    sp_runner_stop(sb);
    ev_session_free(sb->sess);
    an_rules_free(sb->rules);
    free_config(&sb->cfg);
    free(sb->out.data);
    for (sp_hostrec *h = sb->hosts, *next; h; h = next) {
        next = h->next;
        free(h);
    }
    for (sp_excrec *e = sb->excs, *next; e; e = next) {
        next = e->next;
        free(e->name);
        free(e->doc);
        free(e);
    }
    free(sb);
}

void sp_sandbox_reset(sp_sandbox *sb)
{
    ev_session_reset(sb->sess);
    sb->torn_down = false;
}

void sp_fresh(sp_sandbox *sb)
{
    if (sb->torn_down)
        sp_sandbox_reset(sb);
}

void sp_sandbox_cancel(sp_sandbox *sb)
{
    if (sb)
        ev_session_interrupt(sb->sess);
}

/* --- globals ------------------------------------------------------------------------ */

int sp_sandbox_set_global(sp_sandbox *sb, const char *name, const sp_value *v)
{
    char *err = NULL;
    sb->err[0] = '\0';
    if (!name || !v) {
        sp_seterr(sb, "set_global: no name or no value");
        return SP_EINVAL;
    }
    sp_fresh(sb);
    if (ev_session_set_global(sb->sess, name, sp_to_ev_c(v), &err) == 0)
        return SP_OK;
    sp_seterr(sb, "%s", err ? err : "out of memory");
    free(err);
    return err ? SP_EINVAL : SP_ENOMEM;
}

int sp_sandbox_get_global(sp_sandbox *sb, const char *name, sp_value *out)
{
    char *err = NULL;
    sb->err[0] = '\0';
    if (!name || !out) {
        sp_seterr(sb, "get_global: no name or no place for the value");
        return SP_EINVAL;
    }
    memset(out, 0, sizeof *out);
    sp_fresh(sb);
    int rc = ev_session_get_global(sb->sess, name, sp_to_ev(out), &err);
    if (rc >= 0)
        return rc;
    sp_seterr(sb, "%s", err ? err : "out of memory");
    free(err);
    return err ? SP_EINVAL : SP_ENOMEM;
}

/* --- results --------------------------------------------------------------------------- */

/* A growable byte buffer (the printed output). */
static void collect(void *ctx, const char *data, size_t len)
{
    sp_sandbox *sb = ctx;
    sp_buf *b = &sb->out;
    if (b->failed)
        return;
    if (b->len + len > sb->out_max) {
        b->dropped = true;
        len = sb->out_max > b->len ? sb->out_max - b->len : 0;
    }
    if (b->len + len + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + len + 1)
            cap *= 2;
        char *nd = realloc(b->data, cap);
        if (!nd) {
            b->failed = true;
            return;
        }
        b->data = nd;
        b->cap = cap;
    }
    memcpy(b->data + b->len, data, len);
    b->len += len;
    b->data[b->len] = '\0';
}

void sp_result_free(sp_result *r)
{
    if (!r)
        return;
    free((char *)r->output);
    free((char *)r->repr);
    if (r->value) {
        sp_value_clear((sp_value *)r->value);
        free((sp_value *)r->value);
    }
    free((char *)r->error);
    free((char *)r->error_type);
    free((char *)r->limit);
    for (size_t i = 0; i < r->n_diags; i++) {
        sp_diag *d = (sp_diag *)&r->diags[i];
        free((char *)d->rule);
        free((char *)d->message);
        free((char *)d->hint);
    }
    free((sp_diag *)r->diags);
    free((char *)r->report);
    free(r);
}

static const char *severity_name(an_severity s)
{
    return s == AN_SEV_ERROR ? "error" : s == AN_SEV_WARNING ? "warning" : "note";
}

/* Appends one diagnostic, its strings copied; false when out of memory. */
static bool add_diag(sp_result *r, const char *rule, an_severity sev, const char *message,
                     const char *hint, uint32_t line, uint32_t col, uint32_t end_line,
                     uint32_t end_col)
{
    sp_diag *d = (sp_diag *)&r->diags[r->n_diags];
    *d = (sp_diag){.severity = severity_name(sev), .line = line, .column = col,
                   .end_line = end_line, .end_column = end_col};
    r->n_diags++;
    d->rule = strdup(rule ? rule : "unknown");
    d->message = strdup(message ? message : "");
    d->hint = strdup(hint && hint[0] ? hint : "Rewrite the code without this construct.");
    return d->rule && d->message && d->hint;
}

/* The diagnostics of the checks, plus room for one more (the evaluator's
 * refusal of a construct the rules let through). */
static bool add_report(sp_result *r, const an_report *rep, const an_parse *p)
{
    size_t n = an_report_count(rep);
    if (!(r->diags = calloc(n + 1, sizeof *r->diags)))
        return false;
    for (size_t i = 0; i < n; i++) {
        const an_diag *d = an_report_get(rep, i);
        if (d && !add_diag(r, d->rule_id, d->severity, d->message, d->hint, d->line, d->col,
                           d->end_line, d->end_col))
            return false;
    }
    if (n > 0 && !(r->report = an_report_render(rep, p, AN_FMT_TEXT)))
        return false;
    return true;
}

/* The last line of a traceback, "SyntaxError: ...", without its newline. */
static void last_line(const char *s, char *buf, size_t size)
{
    size_t n = strlen(s);
    while (n > 0 && s[n - 1] == '\n')
        n--;
    size_t b = n;
    while (b > 0 && s[b - 1] != '\n')
        b--;
    snprintf(buf, size, "%.*s", (int)(n - b), s + b);
}

/* Moves the evaluator's result into r. */
static bool take_run(sp_result *r, ev_result *e)
{
    switch (e->status) {
    case EV_OK: r->status = SP_STATUS_OK; break;
    case EV_SYNTAX: r->status = SP_STATUS_REJECTED; break;
    case EV_LIMIT: r->status = SP_STATUS_LIMIT; break;
    case EV_EXCEPTION: r->status = SP_STATUS_ERROR; break;
    case EV_INTERNAL:
    default: r->status = SP_STATUS_ERROR; r->internal = true; break;
    }
    r->output_truncated = e->output_truncated;
    if (e->status == EV_OK) {
        r->repr = e->result;
        e->result = NULL;
        r->value = sp_from_ev(e->value);
        e->value = NULL;
    }
    if (e->error) { /* with status ok: what failing __del__ methods reported */
        r->error = e->error;
        r->error_len = e->error_len ? e->error_len : strlen(e->error);
        e->error = NULL;
    } else if (e->status == EV_INTERNAL || e->status == EV_LIMIT) {
        const char *msg = e->status == EV_LIMIT ? "Stopped by a limit."
                                                : "Internal error in safepy while running the code.";
        if (!(r->error = strdup(msg)))
            return false;
        r->error_len = strlen(msg);
    }
    r->error_type = e->error_type;
    e->error_type = NULL;
    r->error_line = e->error_line;
    if (e->status == EV_LIMIT && !(r->limit = strdup(e->limit ? e->limit : "unknown")))
        return false;
    if (e->status == EV_SYNTAX) {
        /* The evaluator refused what the rules let through: a diagnostic
         * too, so that embedders treat every rejection alike. */
        char msg[512];
        last_line(r->error ? r->error : "SyntaxError: not supported", msg, sizeof msg);
        if (!add_diag(r, "syntax", AN_SEV_ERROR, msg,
                      "Rewrite this part with Python 3.11 constructs that safepy supports.",
                      e->error_line, 0, e->error_line, 0))
            return false;
    }
    return true;
}

/* Streams a run's output to the embedder (sp_run_options.write). */
typedef struct stream {
    sp_write_fn write;
    void *ctx;
} stream;

static void forward(void *ctx, const char *data, size_t len)
{
    const stream *st = ctx;
    st->write(st->ctx, data, len);
}

static sp_result *pipeline(sp_sandbox *sb, const char *code, size_t len, bool run,
                           const sp_run_options *opt)
{
    static const sp_run_options none;
    if (!opt)
        opt = &none;
    const char *fname = opt->filename ? opt->filename : FILENAME;
    stream st = {opt->write, opt->write_ctx};
    an_parse *p = NULL;
    an_report *rep = NULL;
    ev_result e;
    bool have_run = false;
    if (sb->running) {
        sp_seterr(sb, "the sandbox is running: a host function called back into it");
        return NULL;
    }
    sp_result *r = calloc(1, sizeof *r);
    sb->err[0] = '\0';
    if (!r)
        goto oom;
    if (!code && len) {
        sp_seterr(sb, "no code");
        free(r);
        return NULL;
    }
    if (an_parse_new(code ? code : "", len, fname, &p) != AN_OK ||
        an_check(sb->rules, p, &rep) != AN_OK || !add_report(r, rep, p))
        goto oom;
    if (an_report_has_errors(rep)) {
        r->status = SP_STATUS_REJECTED; /* the diagnostics and report say why */
    } else if (run) {
        size_t src_len = 0;
        const char *src = an_parse_source(p, &src_len);
        sb->out.len = 0;
        sb->out.failed = sb->out.dropped = false;
        sp_task t = {.src = src, .len = src_len, .tree = an_parse_tree(p), .filename = fname,
                     .mode = opt->file_mode ? EV_MODE_FILE : EV_MODE_INTERACTIVE,
                     .out = opt->write ? forward : collect, .out_ctx = opt->write ? (void *)&st : sb,
                     .res = &e};
        sp_fresh(sb);
        sb->running = true;
        sp_runner_run(sb, &t);
        sb->running = false;
        sb->torn_down = opt->file_mode;
        have_run = true;
        if (sb->out.failed || !take_run(r, &e))
            goto oom;
        r->output_truncated = r->output_truncated || sb->out.dropped;
    }
    /* The output is handed over; a huge buffer is not kept for the next run. */
    if (sb->out.data && sb->out.cap <= ((size_t)1 << 20)) {
        if (!(r->output = malloc(sb->out.len + 1)))
            goto oom;
        memcpy((char *)r->output, sb->out.data, sb->out.len);
        ((char *)r->output)[sb->out.len] = '\0';
    } else if (sb->out.data) {
        r->output = sb->out.data;
        sb->out.data = NULL;
        sb->out.cap = 0;
    } else if (!(r->output = strdup(""))) {
        goto oom;
    }
    r->output_len = run ? sb->out.len : 0;
    sb->out.len = 0;
    if (have_run)
        ev_result_clear(&e);
    an_report_free(rep);
    an_parse_free(p);
    return r;
oom:
    sp_seterr(sb, "out of memory");
    sb->out.len = 0;
    if (have_run)
        ev_result_clear(&e);
    sp_result_free(r);
    an_report_free(rep);
    an_parse_free(p);
    return NULL;
}

sp_result *sp_sandbox_run(sp_sandbox *sb, const char *code, size_t len)
{
    return pipeline(sb, code, len, true, NULL);
}

sp_result *sp_sandbox_run_with(sp_sandbox *sb, const char *code, size_t len,
                               const sp_run_options *opt)
{
    return pipeline(sb, code, len, true, opt);
}

sp_result *sp_sandbox_check(sp_sandbox *sb, const char *code, size_t len)
{
    return pipeline(sb, code, len, false, NULL);
}
