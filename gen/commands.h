/* commands.h: the command line as parsed, and the handlers main.c dispatches to. */
#ifndef LSMGEN_COMMANDS_H
#define LSMGEN_COMMANDS_H

#include "options.h"

/* Each returns the exit status; a usage error exits 2 from inside. */
int cmd_generate(struct opts *o);
int cmd_check(struct opts *o);
int cmd_hooks(struct opts *o);
int cmd_count(struct opts *o);
int cmd_diff(struct opts *o);
int cmd_stats(struct opts *o);
int cmd_impls(struct opts *o);

#endif
