/* options.h: the command line as parsed, and the one place its options are judged. */
#ifndef LSMGEN_OPTIONS_H
#define LSMGEN_OPTIONS_H

#include "build.h"

/* The command line: main's option table writes straight into it (b: what build_model reads). */
struct opts {
	const char *cmd;
	struct build_opts b;
	const char *objtree;
	const char *output, *manifest, *templates, *depfile, *depfile_target;
	bool json, explain, verbose, stat, quiet;
	bool stats_both;	/* stats --impls without --slots: max and exact side by side */
	int argc;
	char **argv;
	const char *ops[2];	/* the command's operands: diff's A and B, help's CMD */
	int nops;
	char *owned[3];		/* paths made from --kernel KDIR and --config DIR */
};

/*
 * Judge the options of o->cmd, which needs the steps needs (enum build_need) of the model,
 * before any input is read: every conflict, every missing input and every option that
 * would change nothing is a usage error (exit 2); defaults are set, --kernel KDIR and
 * --config DIR become the files they name, and o->b is what build_model() reads.
 */
void options_judge(struct opts *o, unsigned needs);
/* --config DIR: DIR/.config, as make O=DIR writes it (free it), or NULL for a file. */
char *options_config_in_dir(const char *config);

#endif
