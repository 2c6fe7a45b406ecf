/*
 * report.h: the text reports commands print from a model, beside json.c's JSON ones
 * (count --explain, hooks, --explain-slots, stats, diff, check's regenerate line).
 */
#ifndef LSMGEN_REPORT_H
#define LSMGEN_REPORT_H

#include "diff.h"
#include "model.h"

/* count --explain: MAX_LSM_COUNT, the gate, and each LSM with its symbol's value. */
void report_count(const struct model *m);
/* hooks: each hook of the table with its line, types, default and guard. */
void report_hooks(const struct model *m);
/* hooks --explain-slots: the hook's slots, and each LSM entry with its verdict and why. */
void report_explained(const struct slot_explanation *x);
/* diff, and check's why: the differences of two models, for a reviewer. */
void report_diff(const struct model_diff *d);
/* stats: what the layout costs. */
void report_stats(const struct model *m, const struct stats *st);
/* stats --impls: max and exact side by side, with their ratio. */
void report_stats_both(const struct stats *max, const struct stats *exact);
/* check: the generate command that makes a stale DIR current (argv without how check
 * reports), on stderr, quoted for a POSIX shell. */
void report_regenerate(int argc, char **argv);

#endif
