/*
 * tools.c - the two MCP tools: their definitions (schemas, descriptions) and
 * the pipeline behind a call: parse, check against the rules, evaluate.
 *
 * Results are written for two readers: a text block for the model, and
 * structuredContent for programs, which must match the outputSchema below
 * exactly (the SDK client rejects a result that does not).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcp_server/mcp_internal.h"

#define FILENAME "<input>"

/* --- definitions ------------------------------------------------------------ */

#define DIAG_SCHEMA                                                               \
    "{\"type\":\"object\",\"properties\":{"                                       \
    "\"rule\":{\"type\":\"string\",\"description\":\"Rule id, or 'syntax'\"},"    \
    "\"severity\":{\"type\":\"string\",\"enum\":[\"error\",\"warning\",\"note\"]}," \
    "\"message\":{\"type\":\"string\"},"                                           \
    "\"hint\":{\"type\":\"string\",\"description\":\"What to do instead\"},"       \
    "\"line\":{\"type\":[\"integer\",\"null\"]},"                                  \
    "\"column\":{\"type\":[\"integer\",\"null\"]},"                                \
    "\"end_line\":{\"type\":[\"integer\",\"null\"]},"                              \
    "\"end_column\":{\"type\":[\"integer\",\"null\"]}},"                           \
    "\"required\":[\"rule\",\"severity\",\"message\",\"hint\",\"line\",\"column\","  \
    "\"end_line\",\"end_column\"]}"

#define OUTPUT_SCHEMA                                                                   \
    "{\"type\":\"object\",\"properties\":{"                                             \
    "\"status\":{\"type\":\"string\",\"enum\":[\"ok\",\"rejected\",\"error\",\"limit\"]," \
    "\"description\":\"ok: ran to the end; rejected: refused before running; error: "    \
    "uncaught Python exception; limit: stopped by a limit\"},"                           \
    "\"stdout\":{\"type\":\"string\",\"description\":\"What the program printed\"},"     \
    "\"result\":{\"type\":[\"string\",\"null\"],"                                        \
    "\"description\":\"repr() of the value of a final expression statement\"},"          \
    "\"error\":{\"type\":[\"string\",\"null\"],"                                         \
    "\"description\":\"Traceback or reason the code was not run or was stopped\"},"      \
    "\"limit\":{\"type\":[\"string\",\"null\"],"                                         \
    "\"description\":\"Which limit stopped the run: time, memory, recursion, output, "   \
    "operations or cancelled\"},"                                                        \
    "\"diagnostics\":{\"type\":\"array\",\"items\":" DIAG_SCHEMA "},"                    \
    "\"session_lost\":{\"type\":\"boolean\",\"description\":\"Present and true when the "  \
    "sandbox process was restarted: variables, functions and imports of earlier calls "      \
    "are gone\"}},"                                                                          \
    "\"required\":[\"status\",\"stdout\",\"result\",\"error\",\"limit\",\"diagnostics\"]}"

static const char TOOLS_TEMPLATE[] =
    "[{\"name\":\"run_python\",\"title\":\"Run Python\","
    "\"inputSchema\":{\"type\":\"object\",\"properties\":{"
    "\"code\":{\"type\":\"string\",\"description\":\"Python 3 source to run, like a notebook cell\"},"
    "\"reset\":{\"type\":\"boolean\",\"description\":\"Forget all variables, functions and "
    "imports before running\",\"default\":false}},"
    "\"required\":[\"code\"],\"additionalProperties\":false},"
    "\"outputSchema\":" OUTPUT_SCHEMA ","
    "\"annotations\":{\"title\":\"Run Python\",\"readOnlyHint\":false,\"destructiveHint\":false,"
    "\"idempotentHint\":false,\"openWorldHint\":false}},"
    "{\"name\":\"check_python\",\"title\":\"Check Python\","
    "\"inputSchema\":{\"type\":\"object\",\"properties\":{"
    "\"code\":{\"type\":\"string\",\"description\":\"Python 3 source to check\"}},"
    "\"required\":[\"code\"],\"additionalProperties\":false},"
    "\"outputSchema\":" OUTPUT_SCHEMA ","
    "\"annotations\":{\"title\":\"Check Python\",\"readOnlyHint\":true,\"destructiveHint\":false,"
    "\"idempotentHint\":true,\"openWorldHint\":false}}]";

mcp_tool mcp_tool_find(const char *name)
{
    if (strcmp(name, "run_python") == 0)
        return MCP_TOOL_RUN;
    if (strcmp(name, "check_python") == 0)
        return MCP_TOOL_CHECK;
    return MCP_TOOL_NONE;
}

/* A growable string; `failed` sticks after an allocation failure so callers
 * can append freely and check once. */
typedef struct sbuf {
    char *data;
    size_t len, cap;
    bool failed;
} sbuf;

static void sb_add(sbuf *b, const char *s, size_t n)
{
    if (b->failed || n == 0)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t ncap = b->cap ? b->cap : 256;
        while (ncap < b->len + n + 1) {
            if (ncap > SIZE_MAX / 2) {
                b->failed = true;
                return;
            }
            ncap *= 2;
        }
        char *nd = realloc(b->data, ncap);
        if (!nd) {
            b->failed = true;
            return;
        }
        b->data = nd;
        b->cap = ncap;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

static void sb_str(sbuf *b, const char *s) { sb_add(b, s, strlen(s)); }

static void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        b->failed = true;
    else
        sb_add(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* Ends a line unless the text is empty or already ends one. */
static void sb_newline(sbuf *b)
{
    if (b->len > 0 && b->data[b->len - 1] != '\n')
        sb_add(b, "\n", 1);
}

/* Takes the text; "" if nothing was added; NULL on allocation failure. */
static char *sb_take(sbuf *b)
{
    if (!b->failed && !b->data) {
        b->data = calloc(1, 1);
        b->failed = b->data == NULL;
    }
    if (b->failed) {
        free(b->data);
        b->data = NULL;
    }
    char *d = b->data;
    memset(b, 0, sizeof *b);
    return d;
}

typedef struct limits {
    double timeout_s;
    size_t max_memory, max_output;
    uint32_t max_depth;
} limits;

static limits effective_limits(const mcp_config *cfg)
{
    const ev_limits *l = &cfg->limits;
    limits e = {
        .timeout_s = l->timeout_s > 0 ? l->timeout_s : EV_DEFAULT_TIMEOUT_S,
        .max_memory = l->max_memory ? l->max_memory : EV_DEFAULT_MAX_MEMORY,
        .max_output = l->max_output ? l->max_output : EV_DEFAULT_MAX_OUTPUT,
        .max_depth = l->max_depth ? l->max_depth : EV_DEFAULT_MAX_DEPTH,
    };
    return e;
}

/* "1 MiB", "64 KiB" or "1000 bytes": sizes as the model should read them. */
static void sb_size(sbuf *b, size_t n)
{
    if (n >= ((size_t)1 << 20) && n % ((size_t)1 << 20) == 0)
        sb_printf(b, "%zu MiB", n >> 20);
    else if (n >= 1024 && n % 1024 == 0)
        sb_printf(b, "%zu KiB", n >> 10);
    else
        sb_printf(b, "%zu bytes", n);
}

/* The evaluator implements it, or it is code mode's module of host
 * functions (`tools`, allowed only with --upstream). */
static bool module_exists(const mcp_config *cfg, const char *name)
{
    return ev_module_implemented(name) || (cfg->upstream && strcmp(name, "tools") == 0);
}

/* The modules the rules let a program import (the default ones and what
 * the operator allowed) that the evaluator implements (want == true), or
 * that a policy file names but safepy does not implement (false). */
static void sb_modules(sbuf *b, const mcp_config *cfg, bool want)
{
    size_t n, k = 0;
    const char *const *names = an_rules_set_items(cfg->rules, "allowed_modules", &n);
    for (size_t i = 0; i < n; i++) {
        if (module_exists(cfg, names[i]) != want)
            continue;
        if (k++)
            sb_str(b, ", ");
        sb_str(b, names[i]);
    }
    if (k == 0)
        sb_str(b, "(none)");
}

static bool mcp_all_modules_implemented(const mcp_config *cfg)
{
    size_t n;
    const char *const *names = an_rules_set_items(cfg->rules, "allowed_modules", &n);
    for (size_t i = 0; i < n; i++)
        if (!module_exists(cfg, names[i]))
            return false;
    return true;
}

static void sb_limits(sbuf *b, const mcp_config *cfg)
{
    limits e = effective_limits(cfg);
    sb_printf(b, "%g s of wall-clock time, ", e.timeout_s);
    sb_size(b, e.max_memory);
    sb_printf(b, " of memory, %u nested calls, ", e.max_depth);
    sb_size(b, e.max_output);
    sb_str(b, " of printed output");
}

char *mcp_instructions(const mcp_config *cfg)
{
    sbuf b = {0};
    sb_str(&b,
           "safepy runs Python 3.11 code in a sandbox on the user's machine. Use run_python "
           "to compute, test ideas and transform data; use check_python to ask whether code "
           "would be allowed without running it.\n"
           "- Importable modules (nothing else exists): ");
    sb_modules(&b, cfg, true);
    if (!mcp_all_modules_implemented(cfg)) {
        sb_str(&b, " (allowed but not available yet: ");
        sb_modules(&b, cfg, false);
        sb_str(&b, ")");
    }
    /* Keep in step with the evaluator: the tests run every construct named
     * here and check that it is refused, and that the ones it no longer
     * refuses are not named. */
    sb_str(&b, ".\n"
               "- Not supported yet, refused with a SyntaxError naming the construct: "
               "except*.\n"
               "- Coroutines (async def, await, async for/with) run when driven by hand "
               "(send, throw, close); there is no event loop.\n"
               "- There are no files, network, subprocesses, environment variables or "
               "third-party packages; code that tries to use them is rejected before it runs, "
               "with a hint saying what to do instead.\n"
               "- State persists between run_python calls like notebook cells: variables, "
               "functions and imports stay defined until you pass reset: true.\n"
               "- print() output is returned, followed by the repr of the last expression's "
               "value if the code ends with an expression.\n"
               "- Each call is limited to ");
    sb_limits(&b, cfg);
    sb_str(&b, "; a call that exceeds a limit is stopped.\n");
    if (cfg->upstream)
        sb_str(&b, "- The module tools holds functions of the operator's tool servers, listed "
                   "with their signatures in run_python's description: `from tools import "
                   "SERVER`, then SERVER.NAME(arg=value); a failed call raises tools.ToolError. "
                   "Call them from one program to combine their results instead of one tool "
                   "call per step.\n");
    return sb_take(&b);
}

char *mcp_tools_list_json(const mcp_config *cfg, const char *functions)
{
    cJSON *tools = cJSON_Parse(TOOLS_TEMPLATE);
    cJSON *result = NULL;
    char *text = NULL, *run_desc = NULL, *check_desc = NULL;
    sbuf b = {0};
    if (!tools)
        goto fail;
    sb_str(&b, "Run Python 3.11 code in a sandbox and return what it printed, the repr of "
               "a final expression's value, or the traceback. Variables, functions and "
               "imports persist between calls like notebook cells, with every protocol "
               "revision (one server process serves one client); reset: true clears them. "
               "Importable modules: ");
    sb_modules(&b, cfg, true);
    sb_str(&b, ". No files, network, subprocesses or environment. Limits per call: ");
    sb_limits(&b, cfg);
    sb_str(&b, ".");
    if (functions)
        sb_str(&b, functions);
    run_desc = sb_take(&b);
    sb_str(&b, "Check Python code against the sandbox's safety rules and syntax without "
               "running it. Returns status ok or rejected with diagnostics (rule, message, "
               "position and a hint on what to use instead).");
    check_desc = sb_take(&b);
    if (!run_desc || !check_desc)
        goto fail;
    /* Description goes right after the title, where a reader looks for it. */
    cJSON *run = cJSON_GetArrayItem(tools, 0), *check = cJSON_GetArrayItem(tools, 1);
    cJSON *d1 = cJSON_CreateString(run_desc), *d2 = cJSON_CreateString(check_desc);
    if (!d1 || !d2) {
        cJSON_Delete(d1);
        cJSON_Delete(d2);
        goto fail;
    }
    cJSON_AddItemToObject(run, "description", d1);
    cJSON_AddItemToObject(check, "description", d2);
    result = cJSON_CreateObject();
    if (!result)
        goto fail;
    cJSON_AddItemToObject(result, "tools", tools);
    tools = NULL;
    text = cJSON_PrintUnformatted(result);
fail:
    cJSON_Delete(tools);
    cJSON_Delete(result);
    free(run_desc);
    free(check_desc);
    return text;
}

/* --- arguments ------------------------------------------------------------------ */

const char *mcp_tool_args(mcp_tool tool, const cJSON *args, const char **code,
                          size_t *code_len, bool *reset)
{
    *code = NULL;
    *code_len = 0;
    *reset = false;
    if (!args)
        return "Invalid arguments: \"code\" is required (a string of Python source).";
    const cJSON *c = NULL;
    for (const cJSON *it = args->child; it; it = it->next) {
        if (strcmp(it->string, "code") == 0) {
            c = it;
        } else if (tool == MCP_TOOL_RUN && strcmp(it->string, "reset") == 0) {
            if (!cJSON_IsBool(it))
                return "Invalid arguments: \"reset\" must be true or false.";
            *reset = cJSON_IsTrue(it);
        } else {
            return tool == MCP_TOOL_RUN
                       ? "Invalid arguments: run_python accepts only \"code\" and \"reset\"."
                       : "Invalid arguments: check_python accepts only \"code\".";
        }
    }
    if (!c)
        return "Invalid arguments: \"code\" is required (a string of Python source).";
    if (!cJSON_IsString(c))
        return "Invalid arguments: \"code\" must be a string of Python source.";
    *code = c->valuestring;
    *code_len = strlen(c->valuestring);
    return NULL;
}

/* --- results -------------------------------------------------------------------- */

/* What one call produced, before it is turned into JSON. */
typedef struct outcome {
    const char *status;   /* "ok", "rejected", "error", "limit" */
    bool is_error;
    sbuf out;             /* the program's stdout */
    size_t out_max;       /* collect() keeps at most this much */
    bool out_dropped;     /* the evaluator sent more than its own limit */
    const char *result;   /* borrowed */
    const char *error;    /* borrowed */
    const char *limit;    /* borrowed */
    const an_report *rep; /* borrowed; its diagnostics are listed */
    const an_diag *extra; /* one more diagnostic (an evaluator SyntaxError) */
    const char *text;     /* the text block for the model */
    bool session_lost;    /* the sandbox restarted since the previous call */
} outcome;

static cJSON *add_text(cJSON *obj, const char *key, const char *s, size_t len)
{
    char *clean = mcp_utf8_sanitize(s, len);
    if (!clean)
        return NULL;
    cJSON *item = cJSON_AddStringToObject(obj, key, clean);
    free(clean);
    return item;
}

static cJSON *add_opt_text(cJSON *obj, const char *key, const char *s)
{
    return s ? add_text(obj, key, s, strlen(s)) : cJSON_AddNullToObject(obj, key);
}

static const char *severity_name(an_severity s)
{
    return s == AN_SEV_ERROR ? "error" : s == AN_SEV_WARNING ? "warning" : "note";
}

/* Positions are 1-based; 0 means unknown and is sent as null. */
static bool add_pos(cJSON *obj, const char *key, uint32_t v)
{
    return (v ? cJSON_AddNumberToObject(obj, key, v) : cJSON_AddNullToObject(obj, key)) != NULL;
}

static bool add_diag(cJSON *arr, const an_diag *d)
{
    cJSON *o = cJSON_CreateObject();
    if (!o)
        return false;
    cJSON_AddItemToArray(arr, o);
    const char *hint = d->hint && d->hint[0] ? d->hint : "Rewrite the code without this construct.";
    return add_opt_text(o, "rule", d->rule_id ? d->rule_id : "unknown") &&
           cJSON_AddStringToObject(o, "severity", severity_name(d->severity)) &&
           add_opt_text(o, "message", d->message ? d->message : "") &&
           add_opt_text(o, "hint", hint) &&
           add_pos(o, "line", d->line) && add_pos(o, "column", d->col) &&
           add_pos(o, "end_line", d->end_line) && add_pos(o, "end_column", d->end_col);
}

/* The diagnostics as text, for when an_report_render() is not available. */
static void sb_diags(sbuf *b, const an_report *rep)
{
    for (size_t i = 0; i < an_report_count(rep); i++) {
        const an_diag *d = an_report_get(rep, i);
        if (!d)
            continue;
        sb_printf(b, "%s[%s]: ", severity_name(d->severity), d->rule_id ? d->rule_id : "?");
        sb_str(b, d->message ? d->message : "");
        sb_printf(b, "\n --> " FILENAME ":%u:%u\n", d->line, d->col);
        if (d->hint && d->hint[0]) {
            sb_str(b, "  = help: ");
            sb_str(b, d->hint);
            sb_str(b, "\n");
        }
    }
}

static void sb_report(sbuf *b, const an_report *rep, const an_parse *p)
{
    char *r = p ? an_report_render(rep, p, AN_FMT_TEXT) : NULL;
    if (r) {
        sb_str(b, r);
        free(r);
    } else {
        sb_diags(b, rep);
    }
    sb_newline(b);
}

static cJSON *build_result(const outcome *o)
{
    cJSON *res = cJSON_CreateObject(), *content, *block, *sc, *diags;
    if (!res)
        return NULL;
    if (!(content = cJSON_AddArrayToObject(res, "content")) || !(block = cJSON_CreateObject()))
        goto fail;
    cJSON_AddItemToArray(content, block);
    if (!cJSON_AddStringToObject(block, "type", "text") ||
        !add_text(block, "text", o->text, strlen(o->text)))
        goto fail;
    if (!(sc = cJSON_AddObjectToObject(res, "structuredContent")) ||
        !cJSON_AddStringToObject(sc, "status", o->status) ||
        !add_text(sc, "stdout", o->out.data ? o->out.data : "", o->out.len) ||
        !add_opt_text(sc, "result", o->result) || !add_opt_text(sc, "error", o->error) ||
        !add_opt_text(sc, "limit", o->limit) || !(diags = cJSON_AddArrayToObject(sc, "diagnostics")))
        goto fail;
    for (size_t i = 0; o->rep && i < an_report_count(o->rep); i++) {
        const an_diag *d = an_report_get(o->rep, i);
        if (d && !add_diag(diags, d))
            goto fail;
    }
    if (o->extra && !add_diag(diags, o->extra))
        goto fail;
    if (o->session_lost && !cJSON_AddTrueToObject(sc, "session_lost"))
        goto fail;
    if (!cJSON_AddBoolToObject(res, "isError", o->is_error))
        goto fail;
    return res;
fail:
    cJSON_Delete(res);
    return NULL;
}

cJSON *mcp_tool_error_result(const char *message)
{
    outcome o = {.status = "error", .is_error = true, .error = message, .text = message};
    return build_result(&o);
}

cJSON *mcp_tool_lost_result(const char *status, const char *limit, const char *message)
{
    outcome o = {.status = status, .is_error = true, .error = message, .text = message,
                 .limit = limit, .session_lost = true};
    return build_result(&o);
}

double mcp_hard_deadline_s(const mcp_config *cfg, size_t code_len)
{
    /* Parsing and checking come before the evaluator's clock starts (about
     * 150k lines/s), and a long builtin may overrun the limit briefly. */
    return effective_limits(cfg).timeout_s + 2.0 + (double)code_len / (1 << 20) * 0.5;
}

/* The sentence the model reads when a limit stopped its code. */
static void sb_limit_sentence(sbuf *b, const mcp_config *cfg, const char *limit)
{
    limits e = effective_limits(cfg);
    if (strcmp(limit, "time") == 0) {
        sb_printf(b, "Stopped: the code needed more than the time limit of %g s per call. "
                     "Make it faster or do less work per call.", e.timeout_s);
    } else if (strcmp(limit, "memory") == 0) {
        sb_str(b, "Stopped: the code used more than the memory limit of ");
        sb_size(b, e.max_memory);
        sb_str(b, ". Use less data at once.");
    } else if (strcmp(limit, "recursion") == 0) {
        sb_printf(b, "Stopped: the code exceeded the recursion limit of %u nested calls. "
                     "Use a loop or less deep recursion.", e.max_depth);
    } else if (strcmp(limit, "output") == 0) {
        sb_str(b, "Stopped: the code printed more than the output limit of ");
        sb_size(b, e.max_output);
        sb_str(b, ". Print less, e.g. a summary or a slice.");
    } else if (strcmp(limit, "operations") == 0) {
        sb_str(b, "Stopped: the code exceeded its operation budget per call. "
                  "Do less work per call.");
    } else if (strcmp(limit, "cancelled") == 0) {
        sb_str(b, "Stopped: the call was cancelled.");
    } else {
        sb_str(b, "Stopped by the ");
        sb_str(b, limit);
        sb_str(b, " limit.");
    }
    sb_str(b, "\n");
}

/* The evaluator enforces max_output; the cap here only bounds our memory
 * should it ever send more. */
static void collect(void *ctx, const char *data, size_t len)
{
    outcome *o = ctx;
    if (o->out.len + len > o->out_max) {
        o->out_dropped = true;
        len = o->out_max > o->out.len ? o->out_max - o->out.len : 0;
    }
    sb_add(&o->out, data, len);
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

/* The text for a run that got as far as the evaluator. */
static void sb_run_text(sbuf *t, const mcp_config *cfg, const outcome *o, const ev_result *r,
                        const an_report *rep, const an_parse *p)
{
    if (r->status == EV_SYNTAX)
        sb_str(t, "The code was not run:\n");
    else
        sb_add(t, o->out.data ? o->out.data : "", o->out.len);
    if (r->status == EV_OK && r->result) {
        sb_newline(t);
        sb_str(t, r->result);
    }
    if (r->status != EV_OK && r->error) {
        sb_newline(t);
        sb_str(t, r->error);
    }
    if (r->status == EV_LIMIT && !r->error) {
        /* The evaluator normally explains the limit itself; don't repeat it. */
        sb_newline(t);
        sb_limit_sentence(t, cfg, r->limit ? r->limit : "unknown");
    } else if (r->status == EV_LIMIT) {
        /* output_truncated is implied and already said. */
    } else if (r->output_truncated || o->out_dropped) {
        sb_newline(t);
        sb_str(t, "[output truncated at the limit of ");
        sb_size(t, effective_limits(cfg).max_output);
        sb_str(t, "]\n");
    }
    if (r->status == EV_INTERNAL && !r->error) {
        sb_newline(t);
        sb_str(t, "Internal error in safepy while running the code.\n");
    }
    if (rep && an_report_count(rep) > 0) {
        sb_newline(t);
        sb_report(t, rep, p);
    }
    if (t->len == 0)
        sb_str(t, "(no output)");
}

cJSON *mcp_tool_call(const mcp_config *cfg, mcp_tool tool, ev_session *sess,
                     const char *code, size_t code_len, bool reset, const char *notice)
{
    an_parse *p = NULL;
    an_report *rep = NULL;
    ev_result r;
    bool have_result = false;
    cJSON *res = NULL;
    char *body = NULL;
    sbuf text = {0};
    outcome o = {.status = "error", .is_error = true};
    an_diag syntax = {0};
    char syntax_msg[512];

    if (an_parse_new(code, code_len, FILENAME, &p) != AN_OK ||
        an_check(cfg->rules, p, &rep) != AN_OK) {
        res = mcp_tool_error_result("Internal error in safepy: the code could not be analyzed.");
        goto fail;
    }
    o.rep = rep;
    if (notice && tool == MCP_TOOL_RUN) {
        o.session_lost = true;
        sb_str(&text, notice);
        sb_str(&text, "\n\n");
    }
    if (an_report_has_errors(rep)) {
        o.status = "rejected";
        o.is_error = tool == MCP_TOOL_RUN;
        o.error = "The code failed safepy's checks; see diagnostics.";
        sb_str(&text, tool == MCP_TOOL_RUN ? "The code was not run: it failed safepy's checks.\n\n"
                                           : "Rejected: this code would not be allowed to run.\n\n");
        sb_report(&text, rep, p);
        goto done;
    }
    o.out_max = effective_limits(cfg).max_output + 4096;
    if (tool == MCP_TOOL_CHECK) {
        o.status = "ok";
        o.is_error = false;
        sb_str(&text, "OK: no problems found; this code would be allowed to run.\n");
        if (an_report_count(rep) > 0) {
            sb_str(&text, "\n");
            sb_report(&text, rep, p);
        }
        goto done;
    }
    if (!sess) {
        res = mcp_tool_error_result("Internal error in safepy: no interpreter session "
                                    "(out of memory?).");
        goto fail;
    }
    if (reset)
        ev_session_reset(sess);
    size_t src_len = 0;
    const char *src = an_parse_source(p, &src_len);
    ev_session_run(sess, src, src_len, an_parse_tree(p), FILENAME, EV_MODE_INTERACTIVE,
                   collect, &o, &r);
    have_result = true;
    switch (r.status) {
    case EV_OK: o.status = "ok"; o.is_error = false; break;
    case EV_SYNTAX: o.status = "rejected"; break;
    case EV_LIMIT: o.status = "limit"; o.limit = r.limit ? r.limit : "unknown"; break;
    case EV_EXCEPTION:
    case EV_INTERNAL:
    default: o.status = "error"; break;
    }
    o.result = r.status == EV_OK ? r.result : NULL;
    o.error = r.status == EV_OK ? NULL : r.error;
    if (r.status == EV_INTERNAL && !o.error)
        o.error = "Internal error in safepy while running the code.";
    if (r.status == EV_LIMIT && !o.error)
        o.error = "Stopped by a limit.";
    if (r.status == EV_SYNTAX) {
        /* The evaluator refused a construct the analyzer let through: show it
         * as a diagnostic too, so programs can treat all rejections alike. */
        last_line(o.error ? o.error : "SyntaxError: not supported", syntax_msg, sizeof syntax_msg);
        syntax = (an_diag){.rule_id = "syntax", .severity = AN_SEV_ERROR, .message = syntax_msg,
                           .hint = "Rewrite this part with Python 3.11 constructs that safepy "
                                   "supports.",
                           .line = r.error_line, .end_line = r.error_line};
        o.extra = &syntax;
    }
    if (o.out.failed) {
        res = mcp_tool_error_result("Internal error in safepy: out of memory while "
                                    "collecting the output.");
        goto fail;
    }
    sb_run_text(&text, cfg, &o, &r, rep, p);
done:
    body = sb_take(&text);
    o.text = body;
    if (body)
        res = build_result(&o);
fail:
    free(body);
    free(text.data);
    free(o.out.data);
    if (have_result)
        ev_result_clear(&r);
    an_report_free(rep);
    an_parse_free(p);
    return res;
}
