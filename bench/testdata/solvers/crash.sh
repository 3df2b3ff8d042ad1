#!/bin/sh
# A fake solver that dies of SIGSEGV before answering, as a crashing solver does.
echo "about to crash" >&2
kill -SEGV $$
