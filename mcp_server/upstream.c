/*
 * upstream.c - the broker as an MCP client of the operator's servers (code
 * mode).  Each server is a child process speaking newline-delimited
 * JSON-RPC on its stdin/stdout; its stderr is ours.
 *
 * Startup is synchronous (mcp_upstreams_start: initialize, then tools/list
 * page by page, into the catalog the worker is forked with).  After that
 * the servers live in the broker's poll loop: a program's call arrives as
 * a HOSTCALL, goes out as tools/call, and its answer (or a timeout, a
 * cancellation, the server's death) becomes the HOSTRESULT the worker waits
 * for.  One call is in flight at a time: the worker's program waits for
 * each.  A server that died is started again (initialize, no new listing:
 * the catalog is fixed at startup) when the next call needs it.
 *
 * Everything a server sends is untrusted: lines are bounded (MCP_MAX_LINE),
 * JSON nesting by cJSON, and the result goes to the worker, which converts
 * it inside the sandbox.
 */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mcp_server/mcp_internal.h"

#define PROTOCOL "2025-06-18"
/* A server whose request queue grows past this is not reading its stdin. */
#define MAX_OUT ((size_t)64 << 20)

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* --- processes ------------------------------------------------------------------ */

static int spawn(mcp_upstream *s)
{
    int to = -1, from = -1;
    pid_t pid = mcp_fork_piped(&to, &from, 127);
    if (pid < 0)
        return -1;
    if (pid == 0) {
        for (char **e = s->env; e && *e; e++)
            putenv(*e);
        signal(SIGPIPE, SIG_DFL);
        execvp(s->argv[0], s->argv);
        fprintf(stderr, "safepy mcp: error: upstream \"%s\": cannot run %s: %s\n", s->name,
                s->argv[0], strerror(errno));
        _exit(127);
    }
    s->pid = pid;
    s->to_fd = to;
    s->from_fd = from;
    mcp_reader_free(&s->rd);
    mcp_reader_init(&s->rd, s->from_fd, MCP_MAX_LINE);
    s->out_len = s->out_off = 0;
    return 0;
}

void mcp_upstream_stop(mcp_upstream *s)
{
    if (s->pid > 0) {
        int st;
        kill(s->pid, SIGKILL);
        while (waitpid(s->pid, &st, 0) < 0 && errno == EINTR)
            ;
    }
    s->pid = 0;
    if (s->to_fd >= 0)
        close(s->to_fd);
    if (s->from_fd >= 0)
        close(s->from_fd);
    s->to_fd = s->from_fd = -1;
    s->state = MCP_UP_DOWN;
    s->out_len = s->out_off = 0;
    s->wait_id = 0;
}

/* --- requests --------------------------------------------------------------------- */

/* Writes what the pipe takes of the queued requests.  0 or -1 (gone). */
static int flush(mcp_upstream *s)
{
    while (s->out_off < s->out_len) {
        ssize_t w = write(s->to_fd, s->out + s->out_off, s->out_len - s->out_off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            return errno == EAGAIN ? 0 : -1;
        s->out_off += (size_t)w;
    }
    return 0;
}

/* Queues one line for the server and writes what the pipe takes. */
static int send_text(mcp_upstream *s, const char *text, size_t n)
{
    if (s->to_fd < 0)
        return -1;
    if (s->out_off == s->out_len)
        s->out_off = s->out_len = 0;
    if (s->out_len + n + 1 > MAX_OUT)
        return -1;
    if (s->out_len + n + 1 > s->out_cap) {
        size_t cap = s->out_cap ? s->out_cap : 4096;
        while (cap < s->out_len + n + 1)
            cap *= 2;
        char *nb = realloc(s->out, cap);
        if (!nb)
            return -1;
        s->out = nb;
        s->out_cap = cap;
    }
    memcpy(s->out + s->out_len, text, n);
    s->out[s->out_len + n] = '\n';
    s->out_len += n + 1;
    return flush(s);
}

/* A request `method` with params (JSON text, or NULL); its id in *id. */
static int send_request(mcp_upstream *s, const char *method, const char *params, int64_t *id)
{
    *id = ++s->next_id;
    size_t n = strlen(method) + (params ? strlen(params) : 0) + 100;
    char *t = malloc(n);
    if (!t)
        return -1;
    int len = snprintf(t, n, "{\"jsonrpc\":\"2.0\",\"id\":%" PRId64 ",\"method\":\"%s\"%s%s}",
                       *id, method, params ? ",\"params\":" : "", params ? params : "");
    int rc = send_text(s, t, (size_t)len);
    free(t);
    return rc;
}

static int send_initialize(mcp_upstream *s, const char *version)
{
    char params[300];
    snprintf(params, sizeof params,
             "{\"protocolVersion\":\"" PROTOCOL "\",\"capabilities\":{},"
             "\"clientInfo\":{\"name\":\"safepy\",\"version\":\"%s\"}}",
             version ? version : "0");
    s->state = MCP_UP_INIT;
    return send_request(s, "initialize", params, &s->wait_id);
}

/* -1: no process (fork or pipes failed).  A server that dies before it
 * takes initialize is left DOWN, which the caller sees. */
static int start(mcp_upstreams *u, mcp_upstream *s)
{
    if (spawn(s) != 0)
        return -1;
    s->restarts++;
    mcp_log(u->cfg, MCP_LOG_INFO, "upstream \"%s\" started as process %d", s->name, (int)s->pid);
    if (send_initialize(s, u->cfg ? u->cfg->version : NULL) != 0)
        mcp_upstream_stop(s);
    return 0;
}

/* --- the catalog -------------------------------------------------------------------- */

static bool listed(char **list, const char *name)
{
    for (char **p = list; p && *p; p++)
        if (strcmp(*p, name) == 0)
            return true;
    return false;
}

static const char *py_type(const cJSON *schema)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(schema, "type");
    if (!cJSON_IsString(t))
        return NULL;
    static const char *const map[][2] = {
        {"string", "str"}, {"number", "float"}, {"integer", "int"}, {"boolean", "bool"},
        {"array", "list"}, {"object", "dict"}, {"null", "None"},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(t->valuestring, map[i][0]) == 0)
            return map[i][1];
    return NULL;
}

/* Adds one tool of server si from its tools/list entry.  0 added or
 * skipped (with a warning), -1 on ENOMEM. */
static int add_tool(mcp_upstreams *u, size_t si, const cJSON *def)
{
    mcp_upstream *s = &u->servers[si];
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(def, "name");
    const cJSON *desc = cJSON_GetObjectItemCaseSensitive(def, "description");
    const cJSON *schema = cJSON_GetObjectItemCaseSensitive(def, "inputSchema");
    if (!cJSON_IsString(name))
        return 0;
    if ((s->allow && !listed(s->allow, name->valuestring)) || listed(s->exclude, name->valuestring))
        return 0;
    const cJSON *props = cJSON_GetObjectItemCaseSensitive(schema, "properties");
    const cJSON *req = cJSON_GetObjectItemCaseSensitive(schema, "required");
    int np = cJSON_IsObject(props) ? cJSON_GetArraySize(props) : 0;
    const char *skip = NULL;
    char *tool_py = mcp_up_pyname(name->valuestring);
    mcp_up_tool t = {.server = si};
    size_t plen = strlen(s->pyname) + (tool_py ? strlen(tool_py) : 0) + 8;
    t.pyname = malloc(plen);
    t.name = strdup(name->valuestring);
    /* The description reaches the client in run_python's description:
     * valid UTF-8 only (cJSON does not check what it parsed). */
    t.doc = cJSON_IsString(desc) ? mcp_utf8_sanitize(desc->valuestring, strlen(desc->valuestring))
                                 : NULL;
    t.params = calloc((size_t)np + 1, sizeof *t.params);
    t.json_names = calloc((size_t)np + 1, sizeof *t.json_names);
    t.signature = malloc(64 + (size_t)np * 160);
    if (!t.pyname || !t.name || (cJSON_IsString(desc) && !t.doc) || !t.params ||
        !t.json_names || !t.signature)
        goto nomem;
    if (!tool_py) {
        skip = "its name does not make a Python name";
        goto skip;
    }
    if (np > MCP_UP_MAX_PARAMS || u->ntools >= MCP_UP_MAX_TOOLS) {
        skip = "too many parameters or tools";
        goto skip;
    }
    snprintf(t.pyname, plen, "tools.%s.%s", s->pyname, tool_py);
    size_t sl = (size_t)sprintf(t.signature, "(");
    const cJSON *p;
    cJSON_ArrayForEach(p, props) {
        char *pn = mcp_up_pyname(p->string);
        if (!pn) {
            skip = "a parameter's name does not make a Python name";
            goto skip;
        }
        bool required = false;
        const cJSON *r;
        cJSON_ArrayForEach(r, req)
            required = required || (cJSON_IsString(r) && strcmp(r->valuestring, p->string) == 0);
        t.params[t.nparams] = (ev_host_param){.name = pn, .required = required,
                                              .keyword_only = true};
        t.json_names[t.nparams++] = strdup(p->string);
        if (!t.json_names[t.nparams - 1])
            goto nomem;
        const char *ty = py_type(p);
        sl += (size_t)snprintf(t.signature + sl, 160, "%s%.100s%s%s%s",
                               t.nparams == 1 ? "*, " : ", ", pn, ty ? ": " : "",
                               ty ? ty : "", required ? "" : " = ...");
    }
    sprintf(t.signature + sl, ")");
    for (size_t i = 0; i < u->ntools; i++)
        if (strcmp(u->tools[i].pyname, t.pyname) == 0) {
            skip = "another tool has the same Python name";
            goto skip;
        }
    mcp_up_tool *nt = realloc(u->tools, (u->ntools + 1) * sizeof *nt);
    if (!nt)
        goto nomem;
    u->tools = nt;
    u->tools[u->ntools++] = t;
    free(tool_py);
    return 0;
skip:
    mcp_log(u->cfg, MCP_LOG_WARN, "upstream \"%s\": tool \"%.100s\" is left out: %s", s->name,
            name->valuestring, skip);
    free(tool_py);
    mcp_up_tool_free(&t);
    return 0;
nomem:
    free(tool_py);
    mcp_up_tool_free(&t);
    return -1;
}

/* --- what servers send -------------------------------------------------------------- */

/* A request from the server (ping, sampling, roots...): ping is answered,
 * the rest refused, so a server waiting on us does not hang. */
static void answer_server_request(mcp_upstream *s, const cJSON *id, const char *method)
{
    char *line = strcmp(method, "ping") == 0
                     ? mcp_reply_result(id, cJSON_CreateObject())
                     : mcp_reply_error(id, MCP_METHOD_NOT_FOUND,
                                       "safepy's code mode does not serve this request");
    if (line)
        send_text(s, line, strlen(line));
    free(line);
}

static void set_answer(mcp_upstreams *u, cJSON *obj)
{
    free(u->answer);
    u->answer = obj ? cJSON_PrintUnformatted(obj) : NULL;
    if (!u->answer)
        u->answer = strdup("{\"error\":\"out of memory in safepy's broker\"}");
    u->answer_len = u->answer ? strlen(u->answer) : 0;
    cJSON_Delete(obj);
    u->busy = false;
    free(u->call_req);
    u->call_req = NULL;
}

static void answer_error(mcp_upstreams *u, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void answer_error(mcp_upstreams *u, const char *fmt, ...)
{
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    cJSON *o = cJSON_CreateObject();
    if (o && !cJSON_AddStringToObject(o, "error", msg)) {
        cJSON_Delete(o);
        o = NULL;
    }
    set_answer(u, o);
}

/* Sends the call in flight to its server, now ready. */
static void send_call(mcp_upstreams *u)
{
    mcp_upstream *s = &u->servers[u->tools[u->call_tool].server];
    if (send_request(s, "tools/call", u->call_req, &u->call_id) != 0)
        answer_error(u, "safepy could not send the call to the server \"%s\"", s->name);
}

static void on_response(mcp_upstreams *u, size_t si, int64_t id, cJSON *root)
{
    mcp_upstream *s = &u->servers[si];
    const cJSON *result = cJSON_GetObjectItemCaseSensitive(root, "result");
    const cJSON *error = cJSON_GetObjectItemCaseSensitive(root, "error");
    if (s->wait_id && id == s->wait_id) {
        s->wait_id = 0;
        if (!cJSON_IsObject(result)) {
            const cJSON *msg = cJSON_GetObjectItemCaseSensitive(error, "message");
            mcp_log(u->cfg, MCP_LOG_ERROR, "upstream \"%s\" refused %s: %.200s", s->name,
                    s->state == MCP_UP_INIT ? "initialize" : "tools/list",
                    cJSON_IsString(msg) ? msg->valuestring : "no result");
            mcp_upstream_stop(s);
            if (u->busy && u->tools[u->call_tool].server == si)
                answer_error(u, "the server \"%s\" could not be started again", s->name);
            return;
        }
        if (s->state == MCP_UP_INIT) {
            static const char note[] = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
            send_text(s, note, sizeof note - 1);
            if (!s->listed) { /* startup: the catalog comes from the first listing */
                s->state = MCP_UP_LISTING;
                if (send_request(s, "tools/list", NULL, &s->wait_id) != 0)
                    mcp_upstream_stop(s);
                return;
            }
            s->state = MCP_UP_READY;
            if (u->busy && u->tools[u->call_tool].server == si && !u->call_id)
                send_call(u);
        } else if (s->state == MCP_UP_LISTING) {
            const cJSON *tools = cJSON_GetObjectItemCaseSensitive(result, "tools");
            const cJSON *t;
            cJSON_ArrayForEach(t, tools)
                if (add_tool(u, si, t) != 0)
                    mcp_log(u->cfg, MCP_LOG_ERROR, "out of memory listing tools");
            const cJSON *cursor = cJSON_GetObjectItemCaseSensitive(result, "nextCursor");
            if (cJSON_IsString(cursor) && cursor->valuestring[0]) {
                cJSON *p = cJSON_CreateObject();
                char *text = p && cJSON_AddStringToObject(p, "cursor", cursor->valuestring)
                                 ? cJSON_PrintUnformatted(p) : NULL;
                cJSON_Delete(p);
                if (!text || send_request(s, "tools/list", text, &s->wait_id) != 0)
                    mcp_upstream_stop(s);
                free(text);
            } else {
                s->state = MCP_UP_READY;
                s->listed = true;
            }
        }
        return;
    }
    if (!u->busy || !u->call_id || id != u->call_id || u->tools[u->call_tool].server != si)
        return; /* a late answer to a call that timed out or was cancelled */
    cJSON *o = cJSON_CreateObject();
    if (cJSON_IsObject(result)) {
        cJSON *r = cJSON_DetachItemFromObjectCaseSensitive(root, "result");
        if (o)
            cJSON_AddItemToObject(o, "result", r);
        else
            cJSON_Delete(r);
        set_answer(u, o);
    } else {
        cJSON_Delete(o);
        const cJSON *msg = cJSON_GetObjectItemCaseSensitive(error, "message");
        const cJSON *code = cJSON_GetObjectItemCaseSensitive(error, "code");
        answer_error(u, "the server \"%s\" answered with an error%s%.0f: %.400s", s->name,
                     cJSON_IsNumber(code) ? " " : "", cJSON_IsNumber(code) ? code->valuedouble : 0,
                     cJSON_IsString(msg) ? msg->valuestring : "(no message)");
    }
}

static void on_line(mcp_upstreams *u, size_t si, const char *line, size_t len)
{
    mcp_upstream *s = &u->servers[si];
    cJSON *root = cJSON_ParseWithLength(line, len);
    if (!cJSON_IsObject(root)) {
        mcp_log(u->cfg, MCP_LOG_WARN, "upstream \"%s\" wrote a line that is not a JSON-RPC "
                "message; ignored", s->name);
        cJSON_Delete(root);
        return;
    }
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(root, "id");
    const cJSON *method = cJSON_GetObjectItemCaseSensitive(root, "method");
    if (cJSON_IsString(method)) {
        if (id && (cJSON_IsString(id) || cJSON_IsNumber(id)))
            answer_server_request(s, id, method->valuestring);
    } else if (cJSON_IsNumber(id) && id->valuedouble >= 1 && id->valuedouble < 9e15) {
        int64_t n = (int64_t)id->valuedouble;
        /* cJSON ends strings at \u0000: a result holding one would reach
         * the program cut short, silently. */
        if (mcp_json_has_nul_escape(line, len) && u->busy && n == u->call_id &&
            u->tools[u->call_tool].server == si)
            answer_error(u, "the server \"%s\" answered with text holding NUL characters "
                         "(\\u0000), which safepy does not pass on", s->name);
        else
            on_response(u, si, n, root);
    }
    cJSON_Delete(root);
}

/* The server's process ended or broke its pipes. */
static void server_died(mcp_upstreams *u, size_t si, const char *why)
{
    mcp_upstream *s = &u->servers[si];
    int st = 0;
    pid_t pid = s->pid;
    if (pid > 0 && waitpid(pid, &st, WNOHANG) == pid)
        s->pid = 0; /* reaped: stop() must not kill a recycled pid */
    mcp_upstream_stop(s);
    mcp_log(u->cfg, MCP_LOG_WARN, "upstream \"%s\" (process %d) %s%s", s->name, (int)pid, why,
            s->listed ? "; it is started again for the next call" : "");
    if (u->busy && u->tools[u->call_tool].server == si)
        answer_error(u, "the server \"%s\" stopped during the call (%s); it is started again "
                     "for the next call", s->name, why);
}

static void read_server(mcp_upstreams *u, size_t si)
{
    mcp_upstream *s = &u->servers[si];
    mcp_line_status st = mcp_reader_fill(&s->rd);
    if (st == MCP_LINE_EIO || st == MCP_LINE_ENOMEM) {
        server_died(u, si, "could not be read");
        return;
    }
    for (;;) {
        char *line;
        size_t len;
        st = mcp_reader_take(&s->rd, &line, &len);
        if (st == MCP_LINE_OK) {
            on_line(u, si, line, len);
            if (s->from_fd < 0)
                return; /* stopped while handling the line */
        } else if (st == MCP_LINE_TOO_LONG) {
            mcp_log(u->cfg, MCP_LOG_WARN, "upstream \"%s\" wrote a message over 16 MiB; "
                    "dropped", s->name);
            if (u->busy && u->call_id && u->tools[u->call_tool].server == si)
                answer_error(u, "the server \"%s\" sent a result larger than 16 MiB", s->name);
        } else if (st == MCP_LINE_EOF) {
            server_died(u, si, "closed its output");
            return;
        } else {
            return;
        }
    }
}

/* --- the poll loop ---------------------------------------------------------------- */

size_t mcp_upstreams_pollfds(const mcp_upstreams *u, struct pollfd *p, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; u && i < u->n && n + 2 <= max; i++) {
        const mcp_upstream *s = &u->servers[i];
        if (s->from_fd >= 0)
            p[n++] = (struct pollfd){.fd = s->from_fd, .events = POLLIN};
        if (s->to_fd >= 0 && s->out_off < s->out_len)
            p[n++] = (struct pollfd){.fd = s->to_fd, .events = POLLOUT};
    }
    return n;
}

void mcp_upstreams_events(mcp_upstreams *u, const struct pollfd *p, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        if (!p[k].revents)
            continue;
        for (size_t i = 0; i < u->n; i++) {
            mcp_upstream *s = &u->servers[i];
            if (p[k].fd == s->from_fd && s->from_fd >= 0) {
                read_server(u, i);
            } else if (p[k].fd == s->to_fd && s->to_fd >= 0 && (p[k].events & POLLOUT)) {
                if ((p[k].revents & (POLLERR | POLLHUP)) || flush(s) != 0)
                    server_died(u, i, "closed its input");
            }
        }
    }
}

double mcp_upstreams_next_timer(const mcp_upstreams *u)
{
    if (!u || !u->busy)
        return 0;
    return u->call_deadline < u->run_deadline ? u->call_deadline : u->run_deadline;
}

/* Tells the server to stop working on the call in flight. */
static void cancel_upstream(mcp_upstreams *u, const char *reason)
{
    if (!u->busy || !u->call_id)
        return;
    mcp_upstream *s = &u->servers[u->tools[u->call_tool].server];
    char t[300];
    int n = snprintf(t, sizeof t, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                     "\"params\":{\"requestId\":%" PRId64 ",\"reason\":\"%s\"}}",
                     u->call_id, reason);
    if (send_text(s, t, (size_t)n) != 0)
        mcp_upstream_stop(s);
}

void mcp_upstreams_timers(mcp_upstreams *u, double now)
{
    if (!u || !u->busy)
        return;
    const mcp_up_tool *t = &u->tools[u->call_tool];
    if (now >= u->run_deadline) {
        cancel_upstream(u, "the calling program ran out of time");
        cJSON *o = cJSON_CreateObject();
        if (o && !cJSON_AddStringToObject(o, "limit", "time")) {
            cJSON_Delete(o);
            o = NULL;
        }
        set_answer(u, o);
    } else if (now >= u->call_deadline) {
        cancel_upstream(u, "timed out");
        answer_error(u, "%s timed out after %g s", t->pyname,
                     u->servers[t->server].timeout_s);
    }
}

void mcp_upstreams_run_start(mcp_upstreams *u)
{
    for (size_t i = 0; u && i < u->n; i++)
        u->servers[i].calls = 0;
}

int mcp_upstreams_call(mcp_upstreams *u, uint32_t tool, const char *args, size_t len,
                       double run_deadline)
{
    if (!u || u->busy || u->answer || tool >= u->ntools)
        return -1;
    cJSON *a = cJSON_ParseWithLength(args, len);
    bool ok = cJSON_IsObject(a) && mcp_json_text_clean(args, len);
    cJSON_Delete(a);
    if (!ok)
        return -1;
    const mcp_up_tool *t = &u->tools[tool];
    mcp_upstream *s = &u->servers[t->server];
    u->busy = true;
    u->call_tool = tool;
    u->call_id = 0;
    u->run_deadline = run_deadline;
    u->call_deadline = now_s() + s->timeout_s;
    if (s->calls >= s->max_calls) {
        answer_error(u, "%s: this program reached the limit of %u calls per run to the server "
                     "\"%s\"", t->pyname, s->max_calls, s->name);
        return 0;
    }
    s->calls++;
    /* params: the name as JSON, the worker's arguments spliced as they are
     * (exact integers, no second printing). */
    cJSON *nm = cJSON_CreateString(t->name);
    char *name = nm ? cJSON_PrintUnformatted(nm) : NULL;
    cJSON_Delete(nm);
    size_t n = (name ? strlen(name) : 0) + len + 40;
    char *req = name ? malloc(n) : NULL;
    if (!req) {
        free(name);
        answer_error(u, "out of memory in safepy's broker");
        return 0;
    }
    snprintf(req, n, "{\"name\":%s,\"arguments\":%.*s}", name, (int)len, args);
    free(name);
    u->call_req = req;
    if (s->state == MCP_UP_READY) {
        send_call(u);
    } else if (s->state == MCP_UP_DOWN) {
        if (start(u, s) != 0 || s->state == MCP_UP_DOWN) {
            mcp_upstream_stop(s);
            answer_error(u, "the server \"%s\" could not be started again", s->name);
        }
    } /* INIT: sent when initialize is answered */
    return 0;
}

void mcp_upstreams_cancel(mcp_upstreams *u, bool answer)
{
    if (!u || !u->busy)
        return;
    cancel_upstream(u, "the calling program was cancelled");
    cJSON *o = cJSON_CreateObject();
    if (o && !cJSON_AddTrueToObject(o, "cancelled")) {
        cJSON_Delete(o);
        o = NULL;
    }
    set_answer(u, o);
    if (!answer) {
        free(u->answer);
        u->answer = NULL;
    }
}

char *mcp_upstreams_take_answer(mcp_upstreams *u, size_t *len)
{
    if (!u || !u->answer)
        return NULL;
    char *a = u->answer;
    *len = u->answer_len;
    u->answer = NULL;
    return a;
}

/* --- startup ------------------------------------------------------------------------ */

int mcp_upstreams_start(mcp_upstreams *u, char **err)
{
    *err = NULL;
    for (size_t i = 0; i < u->n; i++)
        if (start(u, &u->servers[i]) != 0) {
            char buf[300];
            snprintf(buf, sizeof buf, "upstream \"%s\": cannot start %s: %s", u->servers[i].name,
                     u->servers[i].argv[0], strerror(errno));
            *err = strdup(buf);
            return -1;
        }
    double until = now_s() + MCP_UP_START_S;
    for (;;) {
        bool done = true;
        for (size_t i = 0; i < u->n; i++) {
            mcp_upstream *s = &u->servers[i];
            if (s->state == MCP_UP_DOWN) {
                char buf[300];
                snprintf(buf, sizeof buf, "upstream \"%s\" (%s) stopped before it listed its "
                         "tools", s->name, s->argv[0]);
                *err = strdup(buf);
                return -1;
            }
            done = done && s->state == MCP_UP_READY;
        }
        if (done)
            break;
        double left = until - now_s();
        if (left <= 0) {
            *err = strdup("upstream servers did not list their tools within 60 s");
            return -1;
        }
        struct pollfd p[2 * MCP_UP_MAX_SERVERS];
        size_t n = mcp_upstreams_pollfds(u, p, sizeof p / sizeof p[0]);
        int r = poll(p, (nfds_t)n, (int)(left * 1000) + 1);
        if (r < 0 && errno != EINTR) {
            *err = strdup("poll failed while starting upstream servers");
            return -1;
        }
        if (r > 0)
            mcp_upstreams_events(u, p, n);
    }
    /* Every name in a "tools" list must exist: a typo would silently grant
     * less (or, in excludeTools, more) than the operator meant. */
    for (size_t i = 0; i < u->n; i++) {
        mcp_upstream *s = &u->servers[i];
        for (int pass = 0; pass < 2; pass++)
            for (char **p = pass ? s->exclude : s->allow; p && *p; p++) {
                bool found = false;
                for (size_t k = 0; k < u->ntools && !found; k++)
                    found = u->tools[k].server == i && strcmp(u->tools[k].name, *p) == 0;
                if (pass == 0 && !found) {
                    char buf[400];
                    snprintf(buf, sizeof buf, "upstream \"%s\": \"tools\" names \"%.100s\", "
                             "which the server does not offer", s->name, *p);
                    *err = strdup(buf);
                    return -1;
                }
            }
    }
    return 0;
}

char *mcp_upstreams_describe(const mcp_upstreams *u)
{
    size_t cap = 256;
    for (size_t i = 0; u && i < u->ntools; i++)
        cap += strlen(u->tools[i].pyname) + strlen(u->tools[i].signature) + 220;
    char *d = malloc(cap);
    if (!d)
        return NULL;
    size_t n = 0;
    d[0] = '\0';
    if (!u || u->ntools == 0)
        return d;
    n += (size_t)snprintf(d, cap, " Functions of the operator's tool servers (from tools "
                          "import SERVER, then SERVER.NAME(...) with keyword arguments; a "
                          "failed call raises tools.ToolError):");
    for (size_t i = 0; i < u->ntools; i++) {
        const mcp_up_tool *t = &u->tools[i];
        /* the first line of the description, at most 200 bytes */
        const char *doc = t->doc ? t->doc : "";
        size_t dl = strcspn(doc, "\n");
        dl = mcp_utf8_prefix(doc, dl < 200 ? dl : 200);
        n += (size_t)snprintf(d + n, cap - n, "\n%s%s%s%.*s", t->pyname + 6, t->signature,
                              dl ? ": " : "", (int)dl, doc);
    }
    return d;
}
