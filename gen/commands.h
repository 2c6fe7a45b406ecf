/* commands.h: the command line as parsed, and the handlers main.c dispatches to. */
#ifndef LSMGEN_COMMANDS_H
#define LSMGEN_COMMANDS_H

#include "build.h"

/* The command line: the option table writes straight into it (b: what build_model reads). */
struct opts {
	const char *cmd;
	struct build_opts b;
	const char *objtree;
	const char *output, *manifest, *templates, *depfile, *depfile_target;
	bool json, explain, verbose, stat, quiet;
	int argc;
	char **argv;
	const char *ops[2];	/* the command's operands: diff's A and B, help's CMD */
	int nops;
	char *owned[3];		/* paths made from --kernel KDIR and --config DIR */
};

/* Each returns the exit status; a usage error exits 2 from inside. */
int cmd_generate(struct opts *o);
int cmd_check(struct opts *o);
int cmd_hooks(struct opts *o);
int cmd_count(struct opts *o);
int cmd_diff(struct opts *o);
int cmd_stats(struct opts *o);
int cmd_impls(struct opts *o);

#endif
