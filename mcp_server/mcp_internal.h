/*
 * mcp_internal.h - pieces of the MCP server shared between its files and
 * exposed to tests/unit/test_mcp.c.  Not part of the public API (mcp.h).
 */
#ifndef SAFEPY_MCP_INTERNAL_H
#define SAFEPY_MCP_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <cJSON.h>

#include "mcp_server/mcp.h"

/* Longest message accepted, without its "\n" (and an optional "\r").  Code
 * sent by a model is rarely more than a few KiB; 16 MiB leaves room for data
 * pasted into the source while bounding what one line can make us buffer. */
#define MCP_MAX_LINE ((size_t)16 << 20)

/* JSON-RPC 2.0 error codes. */
enum {
    MCP_PARSE_ERROR = -32700,
    MCP_INVALID_REQUEST = -32600,
    MCP_METHOD_NOT_FOUND = -32601,
    MCP_INVALID_PARAMS = -32602,
    MCP_INTERNAL_ERROR = -32603,
};

/* --- line framing (io.c) -------------------------------------------------- */

typedef enum mcp_line_status {
    MCP_LINE_OK = 0,        /* *line holds one message, NUL-terminated */
    MCP_LINE_TOO_LONG = 1,  /* a line over the limit was skipped entirely */
    MCP_LINE_EOF = 2,       /* end of input; no more lines */
    MCP_LINE_EIO = -1,      /* read() failed */
    MCP_LINE_ENOMEM = -2,
} mcp_line_status;

/* Splits a byte stream into lines.  Memory use is bounded by max_line plus
 * one read chunk: an over-long line is discarded while it streams past. */
typedef struct mcp_reader {
    int fd;
    size_t max_line;
    char *buf;
    size_t cap;
    size_t start;   /* first byte of the current line */
    size_t scan;    /* [start, scan) is known to hold no '\n' */
    size_t end;     /* bytes in buf */
    bool skipping;  /* inside an over-long line, dropping bytes */
    bool eof;
} mcp_reader;

void mcp_reader_init(mcp_reader *r, int fd, size_t max_line);
void mcp_reader_free(mcp_reader *r);
/* The returned line lacks its "\n" and a trailing "\r", is NUL-terminated
 * and stays valid until the next call.  A last line without "\n" before EOF
 * still counts as a line. */
mcp_line_status mcp_reader_next(mcp_reader *r, char **line, size_t *len);

/* Writes all of buf, retrying on EINTR and short writes.  0 or -1. */
int mcp_write_all(int fd, const char *buf, size_t len);

/* --- text (io.c) ------------------------------------------------------------ */

/* Strict UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF. */
bool mcp_utf8_valid(const char *s, size_t len);
/* A malloc'd NUL-terminated copy in which every invalid UTF-8 sequence and
 * every NUL byte becomes U+FFFD: cJSON strings end at the first NUL and the
 * client expects UTF-8.  NULL on allocation failure. */
char *mcp_utf8_sanitize(const char *s, size_t len);
/* True if a JSON text contains the escape \u0000 inside a string.  cJSON
 * silently cuts strings there, so code containing it must be refused rather
 * than run truncated. */
bool mcp_json_has_nul_escape(const char *s, size_t len);

/* --- JSON-RPC messages (jsonrpc.c) ------------------------------------------ */

typedef enum mcp_msg_kind {
    MCP_MSG_REQUEST,       /* method and id */
    MCP_MSG_NOTIFICATION,  /* method, no id: never answered */
    MCP_MSG_RESPONSE,      /* a reply to a request we never send: ignored */
    MCP_MSG_INVALID,       /* answer err_code (with id when it was readable) */
} mcp_msg_kind;

typedef struct mcp_msg {
    mcp_msg_kind kind;
    cJSON *root;           /* owned; NULL if the line was not JSON */
    const cJSON *id;       /* inside root: a string or a safe integer, or NULL */
    const char *method;    /* inside root */
    const cJSON *params;   /* inside root: an object, or NULL when absent */
    int err_code;
    const char *err_msg;   /* static */
} mcp_msg;

/* Classifies one line.  Never fails: allocation failure while parsing looks
 * like a parse error, which is the best answer available then. */
void mcp_msg_parse(const char *line, size_t len, mcp_msg *m);
void mcp_msg_free(mcp_msg *m);

/* A malloc'd key that identifies a request id across messages ("s:abc",
 * "i:12"), so "12" and 12 stay different.  NULL on allocation failure. */
char *mcp_id_key(const cJSON *id);

/* A response line (compact JSON, no trailing newline), malloc'd, or NULL on
 * allocation failure.  `id` may be NULL: the member is then omitted, since
 * the MCP schema has no null id.  mcp_reply_result takes ownership of
 * result; a NULL result means allocation already failed. */
char *mcp_reply_result(const cJSON *id, cJSON *result);
char *mcp_reply_error(const cJSON *id, int code, const char *message);

/* --- tools (tools.c) ---------------------------------------------------------- */

typedef enum mcp_tool { MCP_TOOL_NONE = -1, MCP_TOOL_RUN = 0, MCP_TOOL_CHECK = 1 } mcp_tool;

mcp_tool mcp_tool_find(const char *name);
/* The tools/list result and the initialize instructions.  Malloc'd text. */
char *mcp_tools_list_json(const mcp_config *cfg);
char *mcp_instructions(const mcp_config *cfg);

/* Checks a tools/call `arguments` object against the tool's inputSchema.
 * Returns NULL when valid (then *code, *code_len and *reset are set, code
 * pointing into args) or a static message for an isError result. */
const char *mcp_tool_args(mcp_tool tool, const cJSON *args, const char **code,
                          size_t *code_len, bool *reset);

/* A CallToolResult with isError true and `message` as its text; the
 * structuredContent still conforms to the outputSchema.  NULL on ENOMEM. */
cJSON *mcp_tool_error_result(const char *message);

/* Runs a tool call in the calling thread.  `sess` is the server's one
 * session (NULL if it could not be created: run_python then reports an
 * internal error).  Returns a CallToolResult, or NULL on allocation failure. */
cJSON *mcp_tool_call(const mcp_config *cfg, mcp_tool tool, ev_session *sess,
                     const char *code, size_t code_len, bool reset);

#endif
