#!/usr/bin/env bash
# Differential tests: run every corpus/NAME.py through `BINARY run` and compare
# with what CPython 3.11 produced (corpus/regen.sh).  The work is done by
# tests/corpus.py (its header lists what is compared); this entry point stays
# for the commands the README and the Makefile spell.
#
#   bash tests/corpus.sh BINARY [FILTER]     FILTER: substring of program names
#
# Last line: `corpus: N passed, N failed`; exit 1 when anything failed.
exec python3 "$(dirname "$0")/corpus.py" "$@"
