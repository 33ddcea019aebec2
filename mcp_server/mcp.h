/*
 * mcp.h - the MCP server: newline-delimited JSON-RPC 2.0 over stdio.
 *
 * The only header of the MCP component.  mcp_serve() owns everything it
 * creates (one evaluator session, kept between run_python calls) and frees it
 * before returning.  It borrows `rules` and the limits from the caller.
 */
#ifndef SAFEPY_MCP_H
#define SAFEPY_MCP_H

#include "analyzer/analyzer.h"
#include "evaluator/evaluator.h"

/* What goes to stderr (never stdout, which carries only the protocol). */
typedef enum mcp_log_level {
    MCP_LOG_DEFAULT = 0, /* = MCP_LOG_WARN */
    MCP_LOG_ERROR = 1,   /* the server cannot do its job */
    MCP_LOG_WARN = 2,    /* also: a worker died or was killed and replaced */
    MCP_LOG_INFO = 3,    /* also: worker processes started */
    MCP_LOG_DEBUG = 4,   /* also: every tool call with its duration */
} mcp_log_level;

typedef struct mcp_config {
    const an_rules *rules;  /* borrowed; must outlive mcp_serve() */
    ev_limits limits;       /* per run_python call */
    const char *version;    /* serverInfo.version */
    mcp_log_level log_level;
    /* --upstream FILE (code mode): the MCP servers whose tools programs may
     * call as tools.SERVER.TOOL (docs/mcp.md); NULL: none.  The rules must
     * then allow the module `tools` (an_rules_allow_host_module). */
    const char *upstream;
} mcp_config;

/* "error", "warn", "info" or "debug"; MCP_LOG_DEFAULT for anything else. */
mcp_log_level mcp_log_level_parse(const char *name);

/* Serve requests read from in_fd, answering on out_fd, until EOF on in_fd.
 * Logs go to stderr only.  Returns 0 on a clean EOF, non-zero if the
 * transport failed. */
int mcp_serve(int in_fd, int out_fd, const mcp_config *cfg);

#endif
