/*
 * upstream_config.c - the --upstream FILE of code mode: the mcpServers
 * format of Claude Desktop and Cursor (command, args, env) plus the
 * operator's keys (tools, excludeTools, maxCallsPerRun, timeoutSeconds),
 * validated strictly: a key we do not know, a wrong type or a name that
 * cannot become a Python identifier stops the server at startup with a
 * message saying where, rather than run with a grant the operator did not
 * mean.  The exact format is in docs/mcp.md.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mcp_server/mcp_internal.h"

/* A config file larger than this is a mistake, not a configuration. */
#define MAX_FILE ((size_t)1 << 20)
#define MAX_STRINGS 256

static int fail_msg(char **err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail_msg(char **err, const char *fmt, ...)
{
    char buf[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    *err = strdup(buf);
    return -1;
}

static const char *const PY_KEYWORDS[] = {
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
    "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
    "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise",
    "return", "try", "while", "with", "yield", NULL,
};

char *mcp_up_pyname(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n > 100)
        return NULL;
    char *p = malloc(n + 1);
    if (!p)
        return NULL;
    for (size_t i = 0; i <= n; i++)
        p[i] = name[i] == '-' || name[i] == '.' ? '_' : name[i];
    bool ok = !(p[0] >= '0' && p[0] <= '9');
    for (size_t i = 0; ok && i < n; i++) {
        char c = p[i];
        ok = c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }
    for (size_t i = 0; ok && PY_KEYWORDS[i]; i++)
        ok = strcmp(p, PY_KEYWORDS[i]) != 0;
    if (!ok) {
        free(p);
        return NULL;
    }
    return p;
}

static void free_strv(char **v)
{
    if (!v)
        return;
    for (char **p = v; *p; p++)
        free(*p);
    free(v);
}

/* A JSON array of strings as a NULL-terminated malloc'd array. */
static int strings(const cJSON *arr, const char *server, const char *key, char ***out,
                   char **err)
{
    if (!cJSON_IsArray(arr))
        return fail_msg(err, "server \"%s\": \"%s\" must be an array of strings", server, key);
    int n = cJSON_GetArraySize(arr);
    if (n > MAX_STRINGS)
        return fail_msg(err, "server \"%s\": \"%s\" has more than %d items", server, key,
                        MAX_STRINGS);
    char **v = calloc((size_t)n + 1, sizeof *v);
    if (!v)
        return fail_msg(err, "out of memory");
    int i = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, arr) {
        if (!cJSON_IsString(it)) {
            free_strv(v);
            return fail_msg(err, "server \"%s\": item %d of \"%s\" is not a string", server, i,
                            key);
        }
        if (!(v[i++] = strdup(it->valuestring))) {
            free_strv(v);
            return fail_msg(err, "out of memory");
        }
    }
    *out = v;
    return 0;
}

static int parse_server(mcp_upstream *s, const cJSON *obj, char **err)
{
    const char *name = obj->string;
    s->to_fd = s->from_fd = -1;
    if (!cJSON_IsObject(obj))
        return fail_msg(err, "server \"%s\" must be an object", name);
    s->max_calls = MCP_UP_DEFAULT_MAX_CALLS;
    s->timeout_s = MCP_UP_DEFAULT_TIMEOUT_S;
    if (!(s->name = strdup(name)))
        return fail_msg(err, "out of memory");
    if (!(s->pyname = mcp_up_pyname(name)))
        return fail_msg(err, "server name \"%s\" does not make a Python name (letters, digits, "
                        "_, - and . only, not starting with a digit, not a keyword)", name);
    const cJSON *command = NULL, *args = NULL;
    const cJSON *m;
    cJSON_ArrayForEach(m, obj) {
        const char *k = m->string;
        if (strcmp(k, "command") == 0) {
            command = m;
        } else if (strcmp(k, "args") == 0) {
            args = m;
        } else if (strcmp(k, "env") == 0) {
            if (!cJSON_IsObject(m))
                return fail_msg(err, "server \"%s\": \"env\" must be an object of strings", name);
            int n = cJSON_GetArraySize(m);
            if (n > MAX_STRINGS)
                return fail_msg(err, "server \"%s\": \"env\" has too many entries", name);
            if (!(s->env = calloc((size_t)n + 1, sizeof *s->env)))
                return fail_msg(err, "out of memory");
            int i = 0;
            const cJSON *e;
            cJSON_ArrayForEach(e, m) {
                if (!cJSON_IsString(e) || !e->string[0] || strchr(e->string, '='))
                    return fail_msg(err, "server \"%s\": env \"%s\" must be a string under a "
                                    "name without '='", name, e->string);
                size_t a = strlen(e->string), b = strlen(e->valuestring);
                if (!(s->env[i] = malloc(a + b + 2)))
                    return fail_msg(err, "out of memory");
                memcpy(s->env[i], e->string, a);
                s->env[i][a] = '=';
                memcpy(s->env[i] + a + 1, e->valuestring, b + 1);
                i++;
            }
        } else if (strcmp(k, "type") == 0) {
            if (!cJSON_IsString(m) || strcmp(m->valuestring, "stdio") != 0)
                return fail_msg(err, "server \"%s\": only \"type\": \"stdio\" is supported", name);
        } else if (strcmp(k, "tools") == 0) {
            if (strings(m, name, k, &s->allow, err) != 0)
                return -1;
        } else if (strcmp(k, "excludeTools") == 0) {
            if (strings(m, name, k, &s->exclude, err) != 0)
                return -1;
        } else if (strcmp(k, "maxCallsPerRun") == 0) {
            double v = cJSON_IsNumber(m) ? m->valuedouble : -1;
            if (v < 0 || v > 1e6 || v != (double)(unsigned)v)
                return fail_msg(err, "server \"%s\": \"maxCallsPerRun\" must be an integer from "
                                "0 to 1000000", name);
            s->max_calls = (unsigned)v;
        } else if (strcmp(k, "timeoutSeconds") == 0) {
            double v = cJSON_IsNumber(m) ? m->valuedouble : -1;
            if (!(v > 0 && v <= 86400))
                return fail_msg(err, "server \"%s\": \"timeoutSeconds\" must be a number above 0 "
                                "and at most 86400", name);
            s->timeout_s = v;
        } else if (strcmp(k, "url") == 0 || strcmp(k, "serverUrl") == 0) {
            return fail_msg(err, "server \"%s\": only stdio servers (\"command\") are supported, "
                            "not \"%s\"", name, k);
        } else {
            return fail_msg(err, "server \"%s\": unknown key \"%s\" (known: command, args, env, "
                            "type, tools, excludeTools, maxCallsPerRun, timeoutSeconds)", name, k);
        }
    }
    if (!cJSON_IsString(command) || !command->valuestring[0])
        return fail_msg(err, "server \"%s\": \"command\" must be a non-empty string", name);
    if (s->allow && s->exclude)
        return fail_msg(err, "server \"%s\": give \"tools\" or \"excludeTools\", not both", name);
    char **av = NULL;
    if (args && strings(args, name, "args", &av, err) != 0)
        return -1;
    size_t n = 0;
    while (av && av[n])
        n++;
    if (!(s->argv = calloc(n + 2, sizeof *s->argv))) {
        free_strv(av);
        return fail_msg(err, "out of memory");
    }
    s->argv[0] = strdup(command->valuestring);
    for (size_t i = 0; i < n; i++)
        s->argv[i + 1] = av[i];
    free(av); /* its strings moved into s->argv */
    if (!s->argv[0])
        return fail_msg(err, "out of memory");
    return 0;
}

int mcp_upstreams_parse(mcp_upstreams *u, const char *text, size_t len, char **err)
{
    *err = NULL;
    cJSON *root = cJSON_ParseWithLength(text, len);
    if (!root)
        return fail_msg(err, "not valid JSON (near byte %zu)",
                        cJSON_GetErrorPtr() ? (size_t)(cJSON_GetErrorPtr() - text) : (size_t)0);
    int rc = -1;
    const cJSON *servers = cJSON_GetObjectItemCaseSensitive(root, "mcpServers");
    const cJSON *m;
    if (!cJSON_IsObject(root)) {
        fail_msg(err, "the file must hold a JSON object");
        goto done;
    }
    cJSON_ArrayForEach(m, root) {
        if (strcmp(m->string, "mcpServers") != 0) {
            fail_msg(err, "unknown top-level key \"%s\" (known: mcpServers)", m->string);
            goto done;
        }
    }
    if (!cJSON_IsObject(servers) || cJSON_GetArraySize(servers) == 0) {
        fail_msg(err, "\"mcpServers\" must be an object naming at least one server");
        goto done;
    }
    int n = cJSON_GetArraySize(servers);
    if (n > MCP_UP_MAX_SERVERS) {
        fail_msg(err, "more than %d servers", MCP_UP_MAX_SERVERS);
        goto done;
    }
    if (!(u->servers = calloc((size_t)n, sizeof *u->servers))) {
        fail_msg(err, "out of memory");
        goto done;
    }
    cJSON_ArrayForEach(m, servers) {
        mcp_upstream *s = &u->servers[u->n++];
        if (parse_server(s, m, err) != 0)
            goto done;
        for (size_t i = 0; i + 1 < u->n; i++)
            if (strcmp(u->servers[i].pyname, s->pyname) == 0) {
                fail_msg(err, "servers \"%s\" and \"%s\" make the same Python name \"%s\"",
                         u->servers[i].name, s->name, s->pyname);
                goto done;
            }
    }
    rc = 0;
done:
    cJSON_Delete(root);
    return rc;
}

int mcp_upstreams_load(mcp_upstreams *u, const char *path, const mcp_config *cfg, char **err)
{
    memset(u, 0, sizeof *u);
    u->cfg = cfg;
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail_msg(err, "cannot open %s: %s", path, strerror(errno));
    char *buf = malloc(MAX_FILE + 1);
    size_t n = buf ? fread(buf, 1, MAX_FILE + 1, f) : 0;
    bool bad = ferror(f);
    fclose(f);
    int rc;
    if (!buf)
        rc = fail_msg(err, "out of memory");
    else if (bad)
        rc = fail_msg(err, "cannot read %s", path);
    else if (n > MAX_FILE)
        rc = fail_msg(err, "%s is larger than 1 MiB", path);
    else if ((rc = mcp_upstreams_parse(u, buf, n, err)) != 0) {
        char *inner = *err;
        fail_msg(err, "%s: %s", path, inner ? inner : "out of memory");
        free(inner);
    }
    free(buf);
    return rc;
}

void mcp_up_tool_free(mcp_up_tool *t)
{
    free(t->name);
    free(t->pyname);
    free(t->doc);
    free(t->signature);
    for (size_t i = 0; i < t->nparams; i++) {
        free((char *)t->params[i].name);
        free(t->json_names[i]);
    }
    free(t->params);
    free(t->json_names);
}

void mcp_upstreams_free(mcp_upstreams *u)
{
    for (size_t i = 0; i < u->n; i++) {
        mcp_upstream *s = &u->servers[i];
        mcp_upstream_stop(s);
        free(s->name);
        free(s->pyname);
        free_strv(s->argv);
        free_strv(s->env);
        free_strv(s->allow);
        free_strv(s->exclude);
        free(s->out);
        mcp_reader_free(&s->rd);
    }
    free(u->servers);
    for (size_t i = 0; i < u->ntools; i++)
        mcp_up_tool_free(&u->tools[i]);
    free(u->tools);
    free(u->call_req);
    free(u->answer);
    memset(u, 0, sizeof *u);
}
