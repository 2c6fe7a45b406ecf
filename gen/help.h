/* help.h: the help texts; main.c lays them out with the option table. */
#ifndef LSMGEN_HELP_H
#define LSMGEN_HELP_H

extern const char usage_intro[], usage_outro[];
extern const char usage_generate[], usage_check[], usage_diff[], usage_impls[], usage_stats[],
	usage_hooks[], usage_count[];

#endif
