/* report.c: text reports of a model, for people; json.c writes the same for tools. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "alloc.h"
#include "buf.h"
#include "strlist.h"

void report_count(const struct model *m)
{
	printf("MAX_LSM_COUNT = %u", m->max_lsm_count);
	if (m->lsm_list.gate) {
		const char *g = m->gate_value;
		bool unset = !strcmp(g, "is not set");

		printf(" (gate %s%s%s", m->lsm_list.gate, unset ? " " : "=", g);
		/* #ifdef: =m does not define the gate either */
		printf("%s)", unset || !strcmp(g, "m") ? ": nothing counts" : "");
	}
	printf("\n%u LSMs listed in %s", m->lsm_list.n - m->lsm_list.from_tree, m->lsm_list.source);
	if (m->lsm_list.from_tree)
		printf(", and %u not listed that register hooks", m->lsm_list.from_tree);
	printf(":\n");
	for (unsigned i = 0; i < m->lsm_list.n; i++) {
		const struct lsm *l = &m->lsm_list.lsms[i];
		const char *v = m->lsm_value[i];
		char *sym = xasprintf("%s%s%s", l->kconfig, strcmp(v, "is not set") ? "=" : " ", v);

		printf("  %-12s %-40s %s\n", l->name, sym, m->counted[i] ? "counted" : "-");
		free(sym);
	}
}

void report_hooks(const struct model *m)
{
	unsigned nint = model_int_hooks(m);

	for (unsigned i = 0; i < m->nhooks; i++) {
		const struct hook *h = &m->hooks[i];

		char *def = expr_text(h->def);

		printf("%5u  %-4s  %-12s  %s(", h->line, h->ret, def, h->name);
		free(def);
		for (unsigned k = 0; k < h->nparams; k++)
			printf("%s%s", k ? ", " : "", h->params[k].decl);
		printf("%s)", h->nparams ? "" : "void");
		char *guard = expr_comment_text(h->guard);

		if (guard)
			printf("  [%s]", guard);
		free(guard);
		putchar('\n');
	}
	printf("%u hooks: %u int, %u void\n", m->nhooks, nint, m->nhooks - nint);
}

void report_stats(const struct model *m, const struct stats *st)
{
	printf("hooks            %u (%u int, %u void)\n", m->nhooks, model_int_hooks(m),
	       m->nhooks - model_int_hooks(m));
	printf("MAX_LSM_COUNT    %u\n", m->max_lsm_count);
	printf("static calls     %lu\n", st->static_calls);
	printf("static keys      %lu (and as many jump-table entries)\n", st->static_keys);
	printf("table entries    %lu\n", st->table_entries);
	printf("table bytes      %lu (x86-64: %u per struct lsm_static_call)\n",
	       st->table_bytes, LSM_STATIC_CALL_BYTES);
}

static void ratio_row(const char *what, unsigned long max, unsigned long exact)
{
	printf("%-16s %10lu %10lu %7.2fx\n", what, max, exact, exact ? (double)max / exact : 0);
}

void report_stats_both(const struct stats *max, const struct stats *exact)
{
	printf("%-16s %10s %10s %8s\n", "", "max", "exact", "max/exact");
	ratio_row("static calls", max->static_calls, exact->static_calls);
	ratio_row("static keys", max->static_keys, exact->static_keys);
	ratio_row("table bytes", max->table_bytes, exact->table_bytes);
}

void report_regenerate(int argc, char **argv)
{
	struct buf line = { 0 };

	buf_puts(&line, "regenerate with:\n  lsmgen generate");
	for (int i = 2; i < argc; i++) {
		/* how check reports is not part of what generate writes */
		if (!strcmp(argv[i], "--stat") || !strcmp(argv[i], "-q") ||
		    !strcmp(argv[i], "--quiet"))
			continue;
		buf_putc(&line, ' ');
		buf_shell_word(&line, argv[i]);
	}
	fprintf(stderr, "%s\n", line.s);
	buf_free(&line);
}

void report_explained(const struct slot_explanation *x)
{
	printf("%s: %u slot%s%s\n", x->hook, x->nslots, x->nslots == 1 ? "" : "s",
	       x->unsure ? " (unsure: MAX_LSM_COUNT kept)" : "");
	for (unsigned k = 0; k < x->n; k++) {
		const struct slot_reason *r = &x->v[k];

		printf("  %-4s %-12s %-40s %s", r->verdict, r->lsm,
		       r->function ? r->function : "(every hook)", r->why);
		if (r->guard)
			printf(": %s", r->guard);
		if (r->build_condition) {
			struct strlist syms = { 0 };

			strlist_split(&syms, r->build_condition, ' ');
			printf(" [file built with");
			for (unsigned i = 0; i < syms.n; i++)
				printf("%s CONFIG_%s", i ? " or" : "", syms.v[i]);
			printf("]");
			strlist_free(&syms);
		}
		putchar('\n');
	}
}

static void print_delta(const char *what, unsigned long from, unsigned long to)
{
	printf("%-16s %lu -> %lu", what, from, to);
	if (to != from)
		printf(" (%s%ld)", to > from ? "+" : "", (long)(to - from));
	putchar('\n');
}

void report_diff(const struct model_diff *d)
{
	print_delta("MAX_LSM_COUNT", d->from_count, d->to_count);
	if (d->lsms_added.n || d->lsms_removed.n) {
		printf("LSMs counted    ");
		for (unsigned i = 0; i < d->lsms_added.n; i++)
			printf(" +%s (%s)", d->lsms_added.v[i], d->lsms_added_sym.v[i]);
		for (unsigned i = 0; i < d->lsms_removed.n; i++)
			printf(" -%s (%s)", d->lsms_removed.v[i], d->lsms_removed_sym.v[i]);
		putchar('\n');
	}
	print_delta("hooks", d->from_hooks, d->to_hooks);
	for (unsigned i = 0; i < d->hooks_added.n; i++)
		printf("  + %s%s%s\n", d->hooks_added.v[i], *d->added_guards.v[i] ? "  if " : "",
		       d->added_guards.v[i]);
	for (unsigned i = 0; i < d->hooks_removed.n; i++)
		printf("  - %s%s%s\n", d->hooks_removed.v[i],
		       *d->removed_guards.v[i] ? "  if " : "",
		       d->removed_guards.v[i]);
	for (unsigned i = 0; i < d->nchanges; i++) {
		const struct hook_change *c = &d->changes[i];

		printf("  ~ %s: %s %s -> %s\n", c->hook, c->field, c->from, c->to);
	}
	if (strcmp(d->from_layout, d->to_layout))
		printf("%-16s %s -> %s\n", "layout", d->from_layout, d->to_layout);
	print_delta("static calls", d->from_stats.static_calls, d->to_stats.static_calls);
	print_delta("static keys", d->from_stats.static_keys, d->to_stats.static_keys);
	print_delta("table bytes", d->from_stats.table_bytes, d->to_stats.table_bytes);
}
