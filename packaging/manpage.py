#!/usr/bin/env python3
"""safepy.1 from the binary's own help: `safepy --help` is the synopsis and
the command list, each `safepy COMMAND --help` a section.  The help texts are
the one description of the options (safepy.c); the man page is made from them
at build time so it cannot drift.

    python3 packaging/manpage.py BINARY VERSION > safepy.1
"""
import datetime
import os
import re
import subprocess
import sys

COMMANDS = ["run", "lint", "mcp", "rules"]


def roff(text):
    """Escapes a line of plain text for roff."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    if text.startswith((".", "'")):
        text = "\\&" + text
    return text


def help_of(binary, args):
    p = subprocess.run([binary] + args, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, check=False)
    return p.stdout.rstrip("\n").split("\n")


def section(lines):
    """A help text as roff: option lists become tagged paragraphs, the rest
    stays as written (no filling: the help texts are already laid out)."""
    out = [".nf"]
    for line in lines:
        out.append(roff(line) if line.strip() else "")
    out.append(".fi")
    return out


def main():
    if len(sys.argv) != 3:
        sys.stderr.write("usage: manpage.py BINARY VERSION\n")
        return 64
    binary, version = sys.argv[1], sys.argv[2]
    # a reproducible date: the source's, not the build's
    stamp = os.environ.get("SOURCE_DATE_EPOCH")
    when = datetime.datetime.fromtimestamp(int(stamp), datetime.timezone.utc) if stamp \
        else datetime.datetime.now(datetime.timezone.utc)
    top = help_of(binary, ["--help"])
    usage = top[0]
    summary = " ".join(l.strip() for l in top[1:] if l.strip() and not l.startswith("usage"))
    summary = re.split(r"\s*commands:", summary)[0]
    out = [
        '.TH SAFEPY 1 "%s" "safepy %s" "User Commands"' % (when.strftime("%Y-%m-%d"), version),
        ".SH NAME",
        "safepy \\- run model\\-written Python safely",
        ".SH SYNOPSIS",
        ".B safepy",
        roff(usage[len("usage: safepy"):].strip()) if usage.startswith("usage: safepy") else roff(usage),
        ".SH DESCRIPTION",
        roff(summary),
        ".SH COMMANDS",
    ]
    first = next((i for i, l in enumerate(top) if l.startswith("commands:")), len(top))
    out += section(top[first + 1:])
    for cmd in COMMANDS:
        out.append(".SH \"SAFEPY %s\"" % cmd.upper())
        out += section(help_of(binary, [cmd, "--help"]))
    out += [
        ".SH FILES",
        "The rules are embedded in the binary; \\fB\\-\\-rules\\fR DIR adds or replaces them.",
        ".SH SEE ALSO",
        "/usr/share/doc/safepy/README.md, /usr/share/doc/safepy/rules.md",
    ]
    sys.stdout.write("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
