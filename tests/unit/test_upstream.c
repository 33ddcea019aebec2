/*
 * test_upstream.c - unit tests of code mode's broker side: the --upstream
 * file's validation, Python names, the broker's checks of the worker's
 * HOSTCALL messages and of calls it must refuse without asking a server.
 * The end-to-end tests (real servers, the SDK client) are in
 * tests/mcp/codemode.test.mjs.
 */
#include <check.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mcp_server/mcp_internal.h"

Suite *upstream_suite(void);

static int parse(const char *text, mcp_upstreams *u, char **err)
{
    memset(u, 0, sizeof *u);
    return mcp_upstreams_parse(u, text, strlen(text), err);
}

START_TEST(test_config_valid)
{
    mcp_upstreams u;
    char *err = NULL;
    ck_assert_int_eq(parse("{\"mcpServers\":{\"my-srv.v2\":{\"command\":\"node\",\"args\":[\"a\",\"b\"],"
                           "\"env\":{\"K\":\"V\"},\"type\":\"stdio\",\"tools\":[\"x\"],"
                           "\"maxCallsPerRun\":7,\"timeoutSeconds\":1.5},"
                           "\"other\":{\"command\":\"c\"}}}", &u, &err), 0);
    ck_assert_ptr_null(err);
    ck_assert_uint_eq(u.n, 2);
    mcp_upstream *s = &u.servers[0];
    ck_assert_str_eq(s->name, "my-srv.v2");
    ck_assert_str_eq(s->pyname, "my_srv_v2");
    ck_assert_str_eq(s->argv[0], "node");
    ck_assert_str_eq(s->argv[1], "a");
    ck_assert_str_eq(s->argv[2], "b");
    ck_assert_ptr_null(s->argv[3]);
    ck_assert_str_eq(s->env[0], "K=V");
    ck_assert_str_eq(s->allow[0], "x");
    ck_assert_uint_eq(s->max_calls, 7);
    ck_assert(s->timeout_s == 1.5);
    s = &u.servers[1];
    ck_assert_uint_eq(s->max_calls, MCP_UP_DEFAULT_MAX_CALLS);
    ck_assert(s->timeout_s == MCP_UP_DEFAULT_TIMEOUT_S);
    ck_assert_ptr_null(s->allow);
    ck_assert_ptr_null(s->exclude);
    mcp_upstreams_free(&u);
}
END_TEST

START_TEST(test_config_invalid)
{
    static const char *const cases[][2] = {
        {"", "not valid JSON"},
        {"[]", "must hold a JSON object"},
        {"{\"servers\":{}}", "unknown top-level key \"servers\""},
        {"{\"mcpServers\":{}}", "at least one server"},
        {"{\"mcpServers\":{\"a\":1}}", "must be an object"},
        {"{\"mcpServers\":{\"a\":{}}}", "\"command\" must be a non-empty string"},
        {"{\"mcpServers\":{\"a\":{\"command\":\"\"}}}", "\"command\" must be a non-empty string"},
        {"{\"mcpServers\":{\"a\":{\"command\":\"c\",\"args\":[1]}}}", "item 0 of \"args\""},
        {"{\"mcpServers\":{\"a\":{\"command\":\"c\",\"env\":[]}}}", "\"env\" must be an object"},
        {"{\"mcpServers\":{\"a\":{\"command\":\"c\",\"env\":{\"A=B\":\"x\"}}}}", "without '='"},
        {"{\"mcpServers\":{\"a\":{\"command\":\"c\",\"type\":\"sse\"}}}", "only \"type\": \"stdio\""},
        {"{\"mcpServers\":{\"a\":{\"url\":\"http://x\"}}}", "only stdio servers"},
        {"{\"mcpServers\":{\"a\":{\"command\":\"c\",\"tool\":[]}}}", "unknown key \"tool\""},
        {"{\"mcpServers\":{\"a\":{\"command\":\"c\",\"tools\":\"x\"}}}", "array of strings"},
        {"{\"mcpServers\":{\"a\":{\"command\":\"c\",\"tools\":[],\"excludeTools\":[]}}}", "not both"},
        {"{\"mcpServers\":{\"a\":{\"command\":\"c\",\"maxCallsPerRun\":1.5}}}", "maxCallsPerRun"},
        {"{\"mcpServers\":{\"a\":{\"command\":\"c\",\"maxCallsPerRun\":-1}}}", "maxCallsPerRun"},
        {"{\"mcpServers\":{\"a\":{\"command\":\"c\",\"timeoutSeconds\":0}}}", "timeoutSeconds"},
        {"{\"mcpServers\":{\"a\":{\"command\":\"c\",\"timeoutSeconds\":\"5\"}}}", "timeoutSeconds"},
        {"{\"mcpServers\":{\"1a\":{\"command\":\"c\"}}}", "does not make a Python name"},
        {"{\"mcpServers\":{\"class\":{\"command\":\"c\"}}}", "does not make a Python name"},
        {"{\"mcpServers\":{\"a-b\":{\"command\":\"c\"},\"a.b\":{\"command\":\"c\"}}}",
         "make the same Python name \"a_b\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mcp_upstreams u;
        char *err = NULL;
        ck_assert_int_eq(parse(cases[i][0], &u, &err), -1);
        ck_assert_msg(err && strstr(err, cases[i][1]), "%s: got %s", cases[i][0],
                      err ? err : "(null)");
        free(err);
        mcp_upstreams_free(&u);
    }
}
END_TEST

START_TEST(test_pyname)
{
    static const char *const cases[][2] = {
        {"get-sum", "get_sum"}, {"a.b-c", "a_b_c"}, {"_x9", "_x9"}, {"X", "X"},
        {"9a", NULL}, {"", NULL}, {"a b", NULL}, {"a/b", NULL}, {"import", NULL},
        {"None", NULL}, {"é", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *p = mcp_up_pyname(cases[i][0]);
        if (cases[i][1])
            ck_assert_msg(p && strcmp(p, cases[i][1]) == 0, "%s", cases[i][0]);
        else
            ck_assert_msg(!p, "%s gave %s", cases[i][0], p);
        free(p);
    }
}
END_TEST

/* A server that cannot start stops startup with a message naming it. */
START_TEST(test_start_failure)
{
    mcp_upstreams u;
    char *err = NULL;
    signal(SIGPIPE, SIG_IGN); /* as mcp_serve does: a dead server is an EPIPE */
    ck_assert_int_eq(parse("{\"mcpServers\":{\"gone\":{\"command\":\"/nonexistent/x\"}}}", &u, &err), 0);
    ck_assert_int_eq(mcp_upstreams_start(&u, &err), -1);
    ck_assert_msg(err && strstr(err, "\"gone\""), "%s", err ? err : "(null)");
    free(err);
    mcp_upstreams_free(&u);
}
END_TEST

/* The broker refuses what a worker must never send, and answers the calls
 * its limits refuse without reaching a server. */
START_TEST(test_call_checks)
{
    mcp_upstreams u;
    char *err = NULL;
    ck_assert_int_eq(parse("{\"mcpServers\":{\"s\":{\"command\":\"/nonexistent/x\","
                           "\"maxCallsPerRun\":0}}}", &u, &err), 0);
    /* one catalog entry by hand: the server is never started */
    u.tools = calloc(1, sizeof *u.tools);
    ck_assert_ptr_nonnull(u.tools);
    u.tools[0].name = strdup("t");
    u.tools[0].pyname = strdup("tools.s.t");
    u.ntools = 1;
    static const char *const bad[][2] = {
        {"1", "{}"},               /* no such tool */
        {"0", "[]"},               /* not an object */
        {"0", "{\"a\":"},          /* not JSON */
        {"0", "{\"a\":\"\n\"}"},    /* a raw control character */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_int_eq(mcp_upstreams_call(&u, (uint32_t)atoi(bad[i][0]), bad[i][1],
                                            strlen(bad[i][1]), 1e12), -1);
    ck_assert(!u.busy);
    ck_assert_int_eq(mcp_upstreams_call(&u, 0, "{}", 2, 1e12), 0);
    size_t len;
    char *a = mcp_upstreams_take_answer(&u, &len);
    ck_assert_ptr_nonnull(a);
    ck_assert_msg(strstr(a, "\"error\"") && strstr(a, "limit of 0 calls per run"), "%s", a);
    ck_assert_uint_eq(len, strlen(a));
    free(a);
    ck_assert(!u.busy);
    ck_assert_ptr_null(mcp_upstreams_take_answer(&u, &len));
    mcp_upstreams_free(&u);
}
END_TEST

/* mcp_worker_recv hands out a HOSTCALL with its tool index, and a worker
 * that sends anything else than RESULT or HOSTCALL is broken. */
START_TEST(test_hostcall_wire)
{
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    mcp_worker w = {.to_fd = -1, .from_fd = fds[0]};
    mcp_wire_hdr h = {.magic = MCP_WIRE_MAGIC, .kind = MCP_WIRE_HOSTCALL, .len = 2, .code_len = 7};
    ck_assert_int_eq(mcp_write_all(fds[1], (const char *)&h, sizeof h), 0);
    ck_assert_int_eq(mcp_write_all(fds[1], "{}", 2), 0);
    const char *json;
    size_t len;
    ck_assert_int_eq(mcp_worker_recv(&w, &json, &len), 2);
    ck_assert_uint_eq(len, 2);
    ck_assert(memcmp(json, "{}", 2) == 0);
    ck_assert_uint_eq(w.host_tool, 7);
    h.kind = MCP_WIRE_HOSTRESULT; /* the broker's kind, never the worker's */
    ck_assert_int_eq(mcp_write_all(fds[1], (const char *)&h, sizeof h), 0);
    ck_assert_int_eq(mcp_worker_recv(&w, &json, &len), -1);
    close(fds[0]);
    close(fds[1]);
    mcp_worker_free(&w);
}
END_TEST

Suite *upstream_suite(void)
{
    Suite *s = suite_create("upstream");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_config_valid);
    tcase_add_test(tc, test_config_invalid);
    tcase_add_test(tc, test_pyname);
    tcase_add_test(tc, test_start_failure);
    tcase_add_test(tc, test_call_checks);
    tcase_add_test(tc, test_hostcall_wire);
    suite_add_tcase(s, tc);
    return s;
}
