/*
 * test_mcp.c - unit tests of the MCP server's internals (framing, UTF-8,
 * JSON-RPC validation, tool arguments), of mcp_serve() driven over pipes,
 * of the worker's pipe protocol, and of the OS lockdown (seccomp filter
 * installed in forked children that then try what it forbids).  The
 * end-to-end tests are in tests/mcp/ (official SDK client).
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mcp_server/mcp_internal.h"

Suite *mcp_suite(void);

/* --- framing ---------------------------------------------------------------- */

/* A reader over a pipe already holding `data` and then closed. */
static void reader_over(mcp_reader *r, const char *data, size_t len, size_t max_line)
{
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    ck_assert(len < 60000); /* fits in the pipe buffer */
    ck_assert_int_eq(mcp_write_all(fds[1], data, len), 0);
    close(fds[1]);
    mcp_reader_init(r, fds[0], max_line);
}

static void reader_done(mcp_reader *r)
{
    close(r->fd);
    mcp_reader_free(r);
}

static void expect_line(mcp_reader *r, const char *want)
{
    char *line;
    size_t len;
    ck_assert_int_eq(mcp_reader_next(r, &line, &len), MCP_LINE_OK);
    ck_assert_uint_eq(len, strlen(want));
    ck_assert_str_eq(line, want);
}

static void expect_status(mcp_reader *r, mcp_line_status want)
{
    char *line;
    size_t len;
    ck_assert_int_eq(mcp_reader_next(r, &line, &len), want);
}

START_TEST(test_reader_lines)
{
    mcp_reader r;
    const char in[] = "one\ntwo\r\n\nthree\r\r\nfour";
    reader_over(&r, in, sizeof in - 1, 100);
    expect_line(&r, "one");
    expect_line(&r, "two");      /* trailing \r dropped */
    expect_line(&r, "");
    expect_line(&r, "three\r");  /* only one \r, and only at the end */
    expect_line(&r, "four");     /* last line without \n */
    expect_status(&r, MCP_LINE_EOF);
    expect_status(&r, MCP_LINE_EOF);
    reader_done(&r);
}
END_TEST

START_TEST(test_reader_too_long)
{
    mcp_reader r;
    char in[4096];
    size_t n = 0;
    n += (size_t)sprintf(in + n, "short\n");
    memset(in + n, 'x', 1000);   /* over the limit, spanning many reads */
    n += 1000;
    n += (size_t)sprintf(in + n, "\nexact123456\nexact1234\r\n");
    memset(in + n, 'y', 11);     /* 11 bytes, then EOF: too long */
    n += 11;
    reader_over(&r, in, n, 10);
    expect_line(&r, "short");
    expect_status(&r, MCP_LINE_TOO_LONG);
    expect_status(&r, MCP_LINE_TOO_LONG); /* 11 > 10 */
    expect_line(&r, "exact1234");         /* 9 + \r */
    expect_status(&r, MCP_LINE_TOO_LONG);
    expect_status(&r, MCP_LINE_EOF);
    reader_done(&r);
}
END_TEST

/* Many reads: a writer thread trickles bytes one at a time. */
typedef struct trickle { int fd; const char *data; } trickle;

static void *trickle_main(void *arg)
{
    trickle *t = arg;
    for (const char *p = t->data; *p; p++)
        if (mcp_write_all(t->fd, p, 1) != 0)
            break;
    close(t->fd);
    return NULL;
}

START_TEST(test_reader_trickle)
{
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    trickle t = {fds[1], "{\"a\":1}\n{\"b\":2}\r\n"};
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, trickle_main, &t), 0);
    mcp_reader r;
    mcp_reader_init(&r, fds[0], MCP_MAX_LINE);
    expect_line(&r, "{\"a\":1}");
    expect_line(&r, "{\"b\":2}");
    expect_status(&r, MCP_LINE_EOF);
    pthread_join(th, NULL);
    reader_done(&r);
}
END_TEST

/* --- text -------------------------------------------------------------------- */

START_TEST(test_utf8_valid)
{
    ck_assert(mcp_utf8_valid("", 0));
    ck_assert(mcp_utf8_valid("abc", 3));
    ck_assert(mcp_utf8_valid("\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80", 9)); /* é € 😀 */
    ck_assert(!mcp_utf8_valid("\xC0\xAF", 2));         /* overlong '/' */
    ck_assert(!mcp_utf8_valid("\xE0\x80\xAF", 3));     /* overlong */
    ck_assert(!mcp_utf8_valid("\xED\xA0\x80", 3));     /* surrogate U+D800 */
    ck_assert(!mcp_utf8_valid("\xF4\x90\x80\x80", 4)); /* above U+10FFFF */
    ck_assert(!mcp_utf8_valid("\xE2\x82", 2));         /* truncated */
    ck_assert(!mcp_utf8_valid("\x80", 1));             /* lone continuation */
    ck_assert(!mcp_utf8_valid("\xFF", 1));
}
END_TEST

START_TEST(test_utf8_sanitize)
{
    char *s = mcp_utf8_sanitize("a\xFF" "b\0c\xC3\xA9", 7);
    ck_assert_ptr_nonnull(s);
    ck_assert_str_eq(s, "a\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c\xC3\xA9");
    free(s);
    s = mcp_utf8_sanitize("", 0);
    ck_assert_ptr_nonnull(s);
    ck_assert_str_eq(s, "");
    free(s);
}
END_TEST

START_TEST(test_nul_escape)
{
#define HAS(lit) mcp_json_has_nul_escape(lit, sizeof lit - 1)
    ck_assert(HAS("{\"code\":\"a\\u0000b\"}"));
    ck_assert(!HAS("{\"code\":\"a\\\\u0000b\"}"));  /* an escaped backslash */
    ck_assert(HAS("{\"code\":\"\\\\\\u0000\"}"));   /* \\ then \u0000 */
    ck_assert(!HAS("{\"code\":\"\\u0001\"}"));
    ck_assert(!HAS("{\"code\":\"print(1)\"}"));
    ck_assert(!HAS("{\"code\":\"\\\"\\u000\"}"));
#undef HAS
}
END_TEST

/* --- JSON-RPC ------------------------------------------------------------------ */

static mcp_msg parsed(const char *line)
{
    mcp_msg m;
    mcp_msg_parse(line, strlen(line), &m);
    return m;
}

START_TEST(test_msg_kinds)
{
    mcp_msg m = parsed("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}");
    ck_assert_int_eq(m.kind, MCP_MSG_REQUEST);
    ck_assert_str_eq(m.method, "ping");
    ck_assert_ptr_null(m.params);
    mcp_msg_free(&m);

    m = parsed("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\",\"params\":{}}");
    ck_assert_int_eq(m.kind, MCP_MSG_NOTIFICATION);
    ck_assert_ptr_nonnull(m.params);
    mcp_msg_free(&m);

    m = parsed("{\"jsonrpc\":\"2.0\",\"id\":\"r1\",\"result\":{}}");
    ck_assert_int_eq(m.kind, MCP_MSG_RESPONSE);
    mcp_msg_free(&m);
}
END_TEST

static void expect_invalid(const char *line, int code, bool has_id)
{
    mcp_msg m = parsed(line);
    ck_assert_msg(m.kind == MCP_MSG_INVALID, "accepted: %s", line);
    ck_assert_msg(m.err_code == code, "%s: code %d", line, m.err_code);
    ck_assert_msg((m.id != NULL) == has_id, "%s: id", line);
    mcp_msg_free(&m);
}

START_TEST(test_msg_invalid)
{
    expect_invalid("", MCP_PARSE_ERROR, false);
    expect_invalid("{", MCP_PARSE_ERROR, false);
    expect_invalid("{} x", MCP_PARSE_ERROR, false);
    expect_invalid("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\xFF\"}", MCP_PARSE_ERROR, false);
    expect_invalid("[]", MCP_INVALID_REQUEST, false);
    expect_invalid("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]", MCP_INVALID_REQUEST, false);
    expect_invalid("\"ping\"", MCP_INVALID_REQUEST, false);
    expect_invalid("{\"id\":1,\"method\":\"ping\"}", MCP_INVALID_REQUEST, true);
    expect_invalid("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}", MCP_INVALID_REQUEST, false);
    expect_invalid("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}", MCP_INVALID_REQUEST, false);
    expect_invalid("{\"jsonrpc\":\"2.0\",\"id\":1e300,\"method\":\"ping\"}", MCP_INVALID_REQUEST, false);
    expect_invalid("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"}", MCP_INVALID_REQUEST, false);
    expect_invalid("{\"jsonrpc\":\"2.0\",\"id\":1}", MCP_INVALID_REQUEST, true);
    expect_invalid("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":7}", MCP_INVALID_REQUEST, true);
    expect_invalid("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\",\"params\":[1]}", MCP_INVALID_PARAMS, true);
}
END_TEST

/* Revision 2026-07-28's per-request _meta: what claims it, what is refused
 * with which code. */
static int envelope_code(const char *line, bool discover, bool *claimed, bool *tasks)
{
    mcp_msg m = parsed(line);
    ck_assert_int_eq(m.kind, MCP_MSG_REQUEST);
    mcp_envelope env;
    char *reply = NULL;
    int code = 0;
    if (mcp_envelope_read(&m, discover, &env, &reply)) {
        ck_assert_ptr_nonnull(reply);
        cJSON *r = cJSON_Parse(reply);
        code = cJSON_GetObjectItem(cJSON_GetObjectItem(r, "error"), "code")->valueint;
        cJSON_Delete(r);
    } else {
        ck_assert_ptr_null(reply);
    }
    free(reply);
    mcp_msg_free(&m);
    *claimed = env.claimed;
    *tasks = env.tasks;
    return code;
}

#define PV "\"io.modelcontextprotocol/protocolVersion\""
#define CC "\"io.modelcontextprotocol/clientCapabilities\""

START_TEST(test_envelope)
{
    bool claimed, tasks;
    /* no claim: legacy, except server/discover */
    ck_assert_int_eq(envelope_code("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}",
                                   false, &claimed, &tasks), 0);
    ck_assert(!claimed);
    ck_assert_int_eq(envelope_code("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\","
                                   "\"params\":{\"_meta\":{" CC ":{},\"progressToken\":1}}}",
                                   false, &claimed, &tasks), 0);
    ck_assert(!claimed);
    ck_assert_int_eq(envelope_code("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\"}",
                                   true, &claimed, &tasks), MCP_INVALID_PARAMS);
    /* valid, with and without the tasks extension */
    ck_assert_int_eq(envelope_code("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\",\"params\":"
                                   "{\"_meta\":{" PV ":\"2026-07-28\"," CC ":{}}}}",
                                   false, &claimed, &tasks), 0);
    ck_assert(claimed && !tasks);
    ck_assert_int_eq(envelope_code("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\",\"params\":"
                                   "{\"_meta\":{" PV ":\"2026-07-28\"," CC ":{\"extensions\":"
                                   "{\"io.modelcontextprotocol/tasks\":{}}}}}}",
                                   false, &claimed, &tasks), 0);
    ck_assert(claimed && tasks);
    /* the version is checked first */
    ck_assert_int_eq(envelope_code("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\",\"params\":"
                                   "{\"_meta\":{" PV ":\"2099-01-01\"}}}",
                                   false, &claimed, &tasks), MCP_UNSUPPORTED_VERSION);
    ck_assert_int_eq(envelope_code("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\",\"params\":"
                                   "{\"_meta\":{" PV ":[]," CC ":{}}}}",
                                   false, &claimed, &tasks), MCP_INVALID_PARAMS);
    ck_assert_int_eq(envelope_code("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\",\"params\":"
                                   "{\"_meta\":{" PV ":\"2026-07-28\"," CC ":null}}}",
                                   false, &claimed, &tasks), MCP_INVALID_PARAMS);
    ck_assert_int_eq(envelope_code("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\",\"params\":"
                                   "{\"_meta\":{" PV ":\"2026-07-28\"," CC ":{},"
                                   "\"io.modelcontextprotocol/logLevel\":\"verbose\"}}}",
                                   false, &claimed, &tasks), MCP_INVALID_PARAMS);
}
END_TEST

START_TEST(test_tasks_table)
{
    mcp_tasks ts = {0};
    mcp_task *a = mcp_task_new(&ts), *b = mcp_task_new(&ts);
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    ck_assert_int_eq(strlen(a->id), 32);
    ck_assert_str_ne(a->id, b->id);
    ck_assert_ptr_eq(mcp_task_find(&ts, a->id), a);
    ck_assert_ptr_null(mcp_task_find(&ts, "nope"));
    mcp_task_settle(a, MCP_TASK_CANCELLED, NULL, NULL);
    /* a result arriving after the cancellation is dropped */
    mcp_task_settle(a, MCP_TASK_COMPLETED, strdup("{\"content\":[]}"), NULL);
    ck_assert_int_eq(a->status, MCP_TASK_CANCELLED);
    ck_assert_ptr_null(a->result);
    mcp_task_settle(b, MCP_TASK_COMPLETED, strdup("{\"content\":[]}"), NULL);
    mcp_config cfg = {.version = "t"};
    cJSON *j = mcp_task_json(b, &cfg, "complete");
    ck_assert_str_eq(cJSON_GetObjectItem(j, "status")->valuestring, "completed");
    ck_assert_str_eq(cJSON_GetObjectItem(j, "resultType")->valuestring, "complete");
    char *text = cJSON_PrintUnformatted(j);
    cJSON_Delete(j);
    j = cJSON_Parse(text); /* the result is held as raw JSON text */
    free(text);
    ck_assert(cJSON_IsArray(cJSON_GetObjectItem(cJSON_GetObjectItem(j, "result"), "content")));
    cJSON_Delete(j);
    /* finished tasks past the kept number go, oldest first */
    for (int i = 0; i < MCP_TASKS_KEPT + 5; i++)
        mcp_task_settle(mcp_task_new(&ts), MCP_TASK_CANCELLED, NULL, NULL);
    mcp_tasks_expire(&ts, time(NULL));
    ck_assert_uint_eq(ts.count, MCP_TASKS_KEPT);
    ck_assert_ptr_null(mcp_task_find(&ts, "x"));
    mcp_tasks_free(&ts);
    ck_assert_uint_eq(ts.count, 0);
}
END_TEST

START_TEST(test_id_echo)
{
    mcp_msg m = parsed("{\"jsonrpc\":\"2.0\",\"id\":9007199254740991,\"method\":\"ping\"}");
    ck_assert_int_eq(m.kind, MCP_MSG_REQUEST);
    char *r = mcp_reply_result(m.id, cJSON_CreateObject());
    ck_assert_str_eq(r, "{\"jsonrpc\":\"2.0\",\"id\":9007199254740991,\"result\":{}}");
    free(r);
    char *k1 = mcp_id_key(m.id);
    mcp_msg_free(&m);

    m = parsed("{\"jsonrpc\":\"2.0\",\"id\":\"9007199254740991\",\"method\":\"ping\"}");
    char *k2 = mcp_id_key(m.id);
    ck_assert_str_ne(k1, k2); /* 12 and "12" are different ids */
    r = mcp_reply_error(m.id, MCP_METHOD_NOT_FOUND, "no");
    ck_assert_str_eq(r, "{\"jsonrpc\":\"2.0\",\"id\":\"9007199254740991\","
                        "\"error\":{\"code\":-32601,\"message\":\"no\"}}");
    free(r);
    mcp_msg_free(&m);
    free(k1);
    free(k2);

    r = mcp_reply_error(NULL, MCP_PARSE_ERROR, "bad");
    ck_assert_ptr_null(strstr(r, "\"id\""));
    free(r);
}
END_TEST

/* --- tools ---------------------------------------------------------------------- */

START_TEST(test_tool_args)
{
    const char *code;
    size_t len;
    bool reset;
    cJSON *a = cJSON_Parse("{\"code\":\"print(1)\",\"reset\":true}");
    ck_assert_ptr_null(mcp_tool_args(MCP_TOOL_RUN, a, &code, &len, &reset));
    ck_assert_str_eq(code, "print(1)");
    ck_assert_uint_eq(len, 8);
    ck_assert(reset);
    /* check_python has no reset */
    ck_assert_ptr_nonnull(mcp_tool_args(MCP_TOOL_CHECK, a, &code, &len, &reset));
    cJSON_Delete(a);

    const char *bad[] = {"{}", "{\"code\":1}", "{\"code\":null}", "{\"code\":\"x\",\"reset\":1}",
                         "{\"code\":\"x\",\"other\":1}", NULL};
    for (size_t i = 0; bad[i]; i++) {
        a = cJSON_Parse(bad[i]);
        ck_assert_msg(mcp_tool_args(MCP_TOOL_RUN, a, &code, &len, &reset) != NULL, "%s", bad[i]);
        cJSON_Delete(a);
    }
    ck_assert_ptr_nonnull(mcp_tool_args(MCP_TOOL_RUN, NULL, &code, &len, &reset));
    ck_assert_int_eq(mcp_tool_find("run_python"), MCP_TOOL_RUN);
    ck_assert_int_eq(mcp_tool_find("check_python"), MCP_TOOL_CHECK);
    ck_assert_int_eq(mcp_tool_find("Run_python"), MCP_TOOL_NONE);
}
END_TEST

START_TEST(test_tools_list_json)
{
    mcp_config cfg = {.limits = {.timeout_s = 2.5, .max_output = 64 << 10}, .version = "1.2.3"};
    char *t = mcp_tools_list_json(&cfg, NULL);
    ck_assert_ptr_nonnull(t);
    cJSON *j = cJSON_Parse(t);
    ck_assert_ptr_nonnull(j);
    cJSON *tools = cJSON_GetObjectItem(j, "tools");
    ck_assert_int_eq(cJSON_GetArraySize(tools), 2);
    cJSON *run = cJSON_GetArrayItem(tools, 0);
    ck_assert_str_eq(cJSON_GetObjectItem(run, "name")->valuestring, "run_python");
    ck_assert_ptr_nonnull(strstr(cJSON_GetObjectItem(run, "description")->valuestring, "2.5 s"));
    ck_assert_ptr_nonnull(strstr(cJSON_GetObjectItem(run, "description")->valuestring, "64 KiB"));
    cJSON *out = cJSON_GetObjectItem(run, "outputSchema");
    ck_assert_str_eq(cJSON_GetObjectItem(out, "type")->valuestring, "object");
    cJSON_Delete(j);
    free(t);

    char *ins = mcp_instructions(&cfg);
    ck_assert_ptr_nonnull(ins);
    ck_assert_ptr_nonnull(strstr(ins, "reset"));
    free(ins);

    /* An error result carries conforming structuredContent. */
    cJSON *r = mcp_tool_error_result("Invalid arguments: x");
    ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(r, "isError")));
    cJSON *sc = cJSON_GetObjectItem(r, "structuredContent");
    ck_assert_str_eq(cJSON_GetObjectItem(sc, "status")->valuestring, "error");
    ck_assert(cJSON_IsString(cJSON_GetObjectItem(sc, "stdout")));
    ck_assert(cJSON_IsNull(cJSON_GetObjectItem(sc, "result")));
    ck_assert(cJSON_IsArray(cJSON_GetObjectItem(sc, "diagnostics")));
    cJSON_Delete(r);
}
END_TEST

/* --- mcp_serve over pipes ------------------------------------------------------- */

typedef struct served {
    int in_fd, out_fd;
    mcp_config cfg;
    int rc;
} served;

static void *serve_main(void *arg)
{
    served *s = arg;
    s->rc = mcp_serve(s->in_fd, s->out_fd, &s->cfg);
    return NULL;
}

/* The built-in rules, loaded once: the server reads the allowed modules
 * from them for its tool descriptions (kept for the process, reachable). */
static const an_rules *shared_rules(void)
{
    static an_rules *r;
    if (!r) {
        char *err = NULL;
        ck_assert_int_eq(an_rules_load_default(&r, &err), AN_OK);
    }
    return r;
}

/* Feeds `input` to mcp_serve, closes its stdin, returns everything it wrote
 * (malloc'd) and its return code.  The server runs to completion before its
 * output is read, so the replies must fit in the pipe buffer (64 KiB). */
static char *serve(const char *input, int *rc)
{
    int in[2], out[2];
    ck_assert_int_eq(pipe(in), 0);
    ck_assert_int_eq(pipe(out), 0);
    served s = {.in_fd = in[0], .out_fd = out[1], .cfg = {.rules = shared_rules(), .version = "9.9.9"}};
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, serve_main, &s), 0);
    ck_assert_int_eq(mcp_write_all(in[1], input, strlen(input)), 0);
    close(in[1]);
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    ck_assert_ptr_nonnull(buf);
    pthread_join(th, NULL);
    close(out[1]);
    for (;;) {
        if (n + 1 == cap) {
            buf = realloc(buf, cap *= 2);
            ck_assert_ptr_nonnull(buf);
        }
        ssize_t got = read(out[0], buf + n, cap - n - 1);
        ck_assert_int_ge(got, 0);
        if (got == 0)
            break;
        n += (size_t)got;
    }
    buf[n] = '\0';
    close(in[0]);
    close(out[0]);
    *rc = s.rc;
    return buf;
}

/* The reply with the given "id" text (e.g. "7" or "\"a\""), parsed. */
static cJSON *reply(const char *out, const char *id)
{
    char needle[64];
    snprintf(needle, sizeof needle, "\"id\":%s,", id);
    const char *p = strstr(out, needle);
    ck_assert_msg(p != NULL, "no reply with id %s in:\n%s", id, out);
    while (p > out && p[-1] != '\n')
        p--;
    const char *e = strchr(p, '\n');
    ck_assert_ptr_nonnull(e);
    cJSON *j = cJSON_ParseWithLength(p, (size_t)(e - p));
    ck_assert_ptr_nonnull(j);
    return j;
}

static int error_code(const cJSON *j)
{
    const cJSON *e = cJSON_GetObjectItem(j, "error");
    ck_assert_ptr_nonnull(e);
    return cJSON_GetObjectItem(e, "code")->valueint;
}

START_TEST(test_serve_protocol)
{
    int rc;
    char *out = serve(
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
        "{\"protocolVersion\":\"2024-11-05\",\"capabilities\":{}}}\n"
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
        "{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}\r\n"
        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n"
        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/list\"}\n"
        "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"x\"}}\n"
        "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":"
        "{\"name\":\"run_python\",\"arguments\":{}}}\n"
        "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":"
        "{\"name\":\"run_python\",\"arguments\":{\"code\":\"a\\u0000b\"}}}\n"
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\"}\n"
        "not json\n"
        "[1,2]\n",
        &rc);
    ck_assert_int_eq(rc, 0);

    cJSON *j = reply(out, "1");
    cJSON *res = cJSON_GetObjectItem(j, "result");
    ck_assert_str_eq(cJSON_GetObjectItem(res, "protocolVersion")->valuestring, "2024-11-05");
    cJSON *info = cJSON_GetObjectItem(res, "serverInfo");
    ck_assert_str_eq(cJSON_GetObjectItem(info, "name")->valuestring, "safepy");
    ck_assert_str_eq(cJSON_GetObjectItem(info, "version")->valuestring, "9.9.9");
    ck_assert(cJSON_IsString(cJSON_GetObjectItem(res, "instructions")));
    cJSON_Delete(j);

    j = reply(out, "\"p\"");
    ck_assert(cJSON_IsObject(cJSON_GetObjectItem(j, "result")));
    cJSON_Delete(j);

    j = reply(out, "2");
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(cJSON_GetObjectItem(j, "result"), "tools")), 2);
    cJSON_Delete(j);

    j = reply(out, "3");
    ck_assert_int_eq(error_code(j), MCP_METHOD_NOT_FOUND);
    cJSON_Delete(j);
    j = reply(out, "4");
    ck_assert_int_eq(error_code(j), MCP_INVALID_PARAMS);
    cJSON_Delete(j);
    j = reply(out, "7");
    ck_assert_int_eq(error_code(j), MCP_INVALID_PARAMS);
    cJSON_Delete(j);

    /* Argument mistakes are tool results with isError. */
    for (int id = 5; id <= 6; id++) {
        char ids[16];
        snprintf(ids, sizeof ids, "%d", id);
        j = reply(out, ids);
        res = cJSON_GetObjectItem(j, "result");
        ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(res, "isError")));
        ck_assert_str_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(res, "structuredContent"), "status")
                             ->valuestring, "error");
        cJSON_Delete(j);
    }
    ck_assert_ptr_nonnull(strstr(out, "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32700"));
    ck_assert_ptr_nonnull(strstr(out, "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600"));

    /* Exactly one line per request or bad line; nothing for notifications. */
    size_t lines = 0;
    for (const char *p = out; *p; p++)
        lines += *p == '\n';
    ck_assert_uint_eq(lines, 10);
    free(out);
}
END_TEST

START_TEST(test_serve_empty_input)
{
    int rc;
    char *out = serve("", &rc);
    ck_assert_int_eq(rc, 0);
    ck_assert_str_eq(out, "");
    free(out);
}
END_TEST


/* The protocol corners: initialize needs params; a last line without "\n"
 * before EOF is still served. */
START_TEST(test_serve_corners)
{
    int rc;
    char *out = serve("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}\n"
                      "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"initialize\",\"params\":{}}\n"
                      "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}",
                      &rc);
    ck_assert_int_eq(rc, 0);
    cJSON *j = reply(out, "1");
    ck_assert_int_eq(error_code(j), MCP_INVALID_PARAMS);
    cJSON_Delete(j);
    j = reply(out, "2");
    ck_assert_int_eq(error_code(j), MCP_INVALID_PARAMS);
    cJSON_Delete(j);
    j = reply(out, "3");
    ck_assert(cJSON_IsObject(cJSON_GetObjectItem(j, "result")));
    cJSON_Delete(j);
    free(out);
}
END_TEST

/* A client that writes all its requests before reading any answer: the
 * answers (more than a pipe holds) must not stop the server reading. */
START_TEST(test_serve_no_deadlock)
{
    enum { N = 4000 };
    int in[2], out[2];
    ck_assert_int_eq(pipe(in), 0);
    ck_assert_int_eq(pipe(out), 0);
    served s = {.in_fd = in[0], .out_fd = out[1], .cfg = {.rules = shared_rules(), .version = "1"}};
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, serve_main, &s), 0);
    char req[128];
    for (int i = 0; i < N; i++) {
        int n = snprintf(req, sizeof req, "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"ping\"}\n", i);
        ck_assert_int_eq(mcp_write_all(in[1], req, (size_t)n), 0);
    }
    /* Only now read: N replies of ~36 bytes, well over 64 KiB. */
    size_t lines = 0;
    char buf[65536];
    while (lines < N) {
        ssize_t got = read(out[0], buf, sizeof buf);
        ck_assert_int_gt(got, 0);
        for (ssize_t i = 0; i < got; i++)
            lines += buf[i] == '\n';
    }
    ck_assert_uint_eq(lines, N);
    close(in[1]);
    pthread_join(th, NULL);
    ck_assert_int_eq(s.rc, 0);
    close(in[0]);
    close(out[0]);
    close(out[1]);
}
END_TEST

/* --- the worker and its lockdown ------------------------------------------------- */

static pid_t parent_pid;

/* Runs fn in a forked child after installing the seccomp filter; returns
 * the wait status.  The child ends with the raw exit_group, past any
 * sanitizer exit hooks (which make calls of their own). */
static int in_filtered_child(int (*fn)(void))
{
    parent_pid = getpid();
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        if (ev_sandbox_install_filter() != 0)
            _exit(90);
        syscall(SYS_exit_group, fn());
        _exit(91);
    }
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    return st;
}

static int try_open(void) { return (int)syscall(SYS_openat, AT_FDCWD, "/etc/hostname", O_RDONLY) >= 0 ? 1 : 2; }
static int try_exec(void)
{
    char *argv[] = {(char *)"/bin/true", NULL};
    syscall(SYS_execve, "/bin/true", argv, NULL);
    return 2;
}
static int try_socket(void) { return syscall(SYS_socket, AF_INET, SOCK_STREAM, 0) >= 0 ? 1 : 2; }
static int try_fork(void)
{
    long r = syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0);
    if (r == 0)
        _exit(0);
    return 2;
}
static int try_ptrace(void) { return syscall(SYS_ptrace, PTRACE_TRACEME, 0, 0, 0) == 0 ? 1 : 2; }
static int try_kill(void) { return syscall(SYS_kill, parent_pid, 0) == 0 ? 1 : 2; }
static int try_read_other_fd(void)
{
    char c;
    return syscall(SYS_read, 3, &c, 1) >= 0 ? 1 : 2;
}
static int try_mmap_exec(void)
{
    void *p = (void *)syscall(SYS_mmap, NULL, 4096, PROT_READ | PROT_EXEC,
                              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p != MAP_FAILED ? 1 : 2;
}
/* What the runtime needs still works: memory, clocks, writing to fd 2. */
static int allowed_calls(void)
{
    void *big = malloc((size_t)64 << 20);
    if (!big)
        return 3;
    memset(big, 1, (size_t)64 << 20);
    free(big);
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
        return 4;
    if (write(2, "", 0) != 0)
        return 5;
    return 0;
}

/* qemu-user (tests/aarch64.sh) has no seccomp for its guest: PR_GET_SECCOMP
 * is EINVAL there, as on a kernel built without it; the filter is checked
 * on arm64 through qemu's -strace instead (tests/aarch64_syscalls.py). */
static bool seccomp_absent(void)
{
    return prctl(PR_GET_SECCOMP, 0, 0, 0, 0) < 0 && errno == EINVAL;
}

START_TEST(test_filter_kills_forbidden_calls)
{
    if (seccomp_absent()) {
        fprintf(stderr, "test_filter_kills_forbidden_calls: no seccomp here (qemu-user?), not run\n");
        return;
    }
    int (*forbidden[])(void) = {try_open, try_exec, try_socket, try_fork, try_ptrace,
                                try_kill, try_read_other_fd, try_mmap_exec};
    for (size_t i = 0; i < sizeof forbidden / sizeof *forbidden; i++) {
        int st = in_filtered_child(forbidden[i]);
        ck_assert_msg(WIFSIGNALED(st) && WTERMSIG(st) == SIGSYS,
                      "forbidden call %zu was not killed by SIGSYS (status %#x)", i, st);
    }
    int st = in_filtered_child(allowed_calls);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "allowed calls failed (status %#x)", st);
}
END_TEST

/* The full lockdown of a release build: the evaluator still runs, files do
 * not open.  Sanitizer builds skip the lockdown (exit 77). */
static void *locked_run(void *arg)
{
    int *code = arg;
    int r = ev_sandbox_enter(NULL);
    if (r == 1) {
        *code = 77;
        return NULL;
    }
    ev_session *s = r == 0 ? ev_session_new(NULL) : NULL;
    if (!s) {
        *code = 10;
        return NULL;
    }
    *code = 0;
    ev_session_free(s);
    syscall(SYS_openat, AT_FDCWD, "/etc/hostname", O_RDONLY);
    *code = 11; /* not reached: the open kills the process */
    return NULL;
}

START_TEST(test_sandbox_enter_locks_down)
{
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        int code = 12;
        pthread_attr_t a;
        pthread_t th;
        pthread_attr_init(&a);
        pthread_attr_setstacksize(&a, (size_t)1 << 20);
        if (pthread_create(&th, &a, locked_run, &code) != 0)
            _exit(13);
        pthread_join(th, NULL);
        _exit(code);
    }
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    if (WIFEXITED(st) && WEXITSTATUS(st) == 77)
        return;
    ck_assert_msg(WIFSIGNALED(st) && WTERMSIG(st) == SIGSYS, "status %#x", st);
}
END_TEST

static an_rules *test_rules(void)
{
    an_rules *r = NULL;
    char *err = NULL;
    ck_assert_int_eq(an_rules_load_default(&r, &err), AN_OK);
    return r;
}

/* Waits for the worker's next RESULT, parsed. */
static cJSON *worker_result(mcp_worker *w)
{
    for (int spins = 0; spins < 3000; spins++) {
        ck_assert_int_ge(mcp_worker_flush(w), 0);
        const char *json;
        size_t len;
        int r = mcp_worker_recv(w, &json, &len);
        ck_assert_int_ge(r, 0);
        if (r == 1) {
            cJSON *j = cJSON_ParseWithLength(json, len);
            ck_assert_ptr_nonnull(j);
            return j;
        }
        struct pollfd p = {.fd = w->from_fd, .events = POLLIN};
        poll(&p, 1, 10);
    }
    ck_abort_msg("no result from the worker");
    return NULL;
}

static const char *sc_str(const cJSON *res, const char *key)
{
    const cJSON *v = cJSON_GetObjectItem(cJSON_GetObjectItem(res, "structuredContent"), key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* The pipe protocol end to end: state kept between calls, the notice of a
 * lost session, reset, check_python; SIGKILL shows as a dead worker. */
START_TEST(test_worker_protocol)
{
    an_rules *rules = test_rules();
    mcp_config cfg = {.rules = rules, .version = "1"};
    mcp_worker w = {.to_fd = -1, .from_fd = -1};
    ck_assert_int_eq(mcp_worker_spawn(&w, &cfg, NULL), 0);

    ck_assert_int_eq(mcp_worker_send(&w, MCP_TOOL_RUN, false, "x = 6*7", 7, NULL), 0);
    cJSON *r = worker_result(&w);
    ck_assert_str_eq(sc_str(r, "status"), "ok");
    cJSON_Delete(r);

    ck_assert_int_eq(mcp_worker_send(&w, MCP_TOOL_RUN, false, "print(x)", 8, "Note: restarted"), 0);
    r = worker_result(&w);
    ck_assert_str_eq(sc_str(r, "stdout"), "42\n");
    const char *text = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "content"), 0)
                           ->child->next->valuestring;
    ck_assert_msg(strncmp(text, "Note: restarted", 15) == 0, "%s", text);
    ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(cJSON_GetObjectItem(r, "structuredContent"),
                                               "session_lost")));
    cJSON_Delete(r);

    ck_assert_int_eq(mcp_worker_send(&w, MCP_TOOL_RUN, true, "x", 1, NULL), 0);
    r = worker_result(&w);
    ck_assert_str_eq(sc_str(r, "status"), "error"); /* NameError after reset */
    ck_assert_ptr_null(cJSON_GetObjectItem(cJSON_GetObjectItem(r, "structuredContent"),
                                           "session_lost"));
    cJSON_Delete(r);

    ck_assert_int_eq(mcp_worker_send(&w, MCP_TOOL_CHECK, false, "import os", 9, NULL), 0);
    r = worker_result(&w);
    ck_assert_str_eq(sc_str(r, "status"), "rejected");
    cJSON_Delete(r);

    /* Killed from outside mid-call: the broker sees the pipe close. */
    ck_assert_int_eq(mcp_worker_send(&w, MCP_TOOL_RUN, false, "while True: pass", 16, NULL), 0);
    ck_assert_int_eq(mcp_worker_flush(&w), 0);
    kill(w.pid, SIGKILL);
    int got = 0;
    for (int spins = 0; spins < 500 && got == 0; spins++) {
        struct pollfd p = {.fd = w.from_fd, .events = POLLIN};
        poll(&p, 1, 10);
        const char *json;
        size_t len;
        got = mcp_worker_recv(&w, &json, &len);
    }
    ck_assert_int_eq(got, -1);
    int st;
    mcp_worker_kill(&w, &st);
    ck_assert(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
    ck_assert_int_eq(w.pid, 0);
    mcp_worker_free(&w);
    an_rules_free(rules);
}
END_TEST

Suite *mcp_suite(void)
{
    Suite *s = suite_create("mcp");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_reader_lines);
    tcase_add_test(tc, test_reader_too_long);
    tcase_add_test(tc, test_reader_trickle);
    tcase_add_test(tc, test_utf8_valid);
    tcase_add_test(tc, test_utf8_sanitize);
    tcase_add_test(tc, test_nul_escape);
    tcase_add_test(tc, test_msg_kinds);
    tcase_add_test(tc, test_msg_invalid);
    tcase_add_test(tc, test_id_echo);
    tcase_add_test(tc, test_envelope);
    tcase_add_test(tc, test_tasks_table);
    tcase_add_test(tc, test_tool_args);
    tcase_add_test(tc, test_tools_list_json);
    tcase_add_test(tc, test_serve_protocol);
    tcase_add_test(tc, test_serve_empty_input);
    tcase_add_test(tc, test_serve_corners);
    tcase_add_test(tc, test_serve_no_deadlock);
    tcase_add_test(tc, test_filter_kills_forbidden_calls);
    tcase_add_test(tc, test_sandbox_enter_locks_down);
    tcase_add_test(tc, test_worker_protocol);
    suite_add_tcase(s, tc);
    return s;
}
