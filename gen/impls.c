/*
 * impls.c: an implementer list once read or scanned: checked against the hook table they are
 * used with, their LSMs the LSM list lacks added to it, and freed.
 */
#include "impls.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "diag.h"
#include "hooktable.h"
#include "strlist.h"

/*
 * An implementer list holds for the hook table it was made from: a newer table (a stable
 * release that backports hooks) has hooks the list does not know, and too few slots panic
 * the kernel at boot. A list that records its table must match the one being read.
 */
bool impls_match_table(const char *impls, const struct impls *im, const char *hookdefs,
		       bool exact)
{
	char sha[65];
	unsigned nhooks;
	struct strlist names = { 0 };
	bool ok = hooktable_fingerprint(hookdefs, sha, &nhooks, &names);

	/* a hook the table does not have at all: a list from another kernel */
	for (unsigned i = 0; ok && i < im->n; i++)
		for (unsigned k = 0; ok && k < im->lsms[i].n; k++)
			if (!strlist_has(&names, im->lsms[i].entries[k].hook)) {
				error_at(impls, 0, 0, "LSM '%s' implements '%s', which %s does "
					 "not have: this implementer list is for another kernel",
					 im->lsms[i].name, im->lsms[i].entries[k].hook, hookdefs);
				ok = false;
			}
	strlist_free(&names);
	if (!ok)
		return false;
	if (!im->table_sha256) {
		if (exact)
			warn_at(impls, 0, 0, "records no hook table (\"_lsm_hook_defs\"): lsmgen "
				"cannot check that it is for %s", hookdefs);
		return true;
	}
	if (!strcmp(im->table_sha256, sha))
		return true;
	error_at(impls, 0, 0, "this implementer list is for another hook table: %s with "
		 "%u hooks (sha256 %.16s...), not %s with %u hooks (sha256 %.16s...); make them "
		 "from this tree with 'lsmgen impls --kernel KDIR'",
		 im->table_file, im->table_hooks,
		 im->table_sha256, hookdefs, nhooks, sha);
	return false;
}

/* An LSM's name for generated comments: a scan's "?path" keeps only safe characters. */
static char *safe_name(const char *name)
{
	char *s = xstrdup(name);

	for (char *p = s; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("_-./?", *p))
			*p = '_';
	return s;
}

/*
 * --kernel: every LSM its security/ defines or registers hooks for counts toward
 * MAX_LSM_COUNT, listed or not. One the list lacks (a new LSM that did not add itself to
 * lsm_count.h) would leave MAX_LSM_COUNT one short of the LSMs that fill a hook: a boot
 * panic. It counts under the one symbol its entries' Makefile builds them by, else
 * whenever the gate is set; its hooks' slots likewise. A listed LSM the tree does not
 * define still counts, as listed.
 */
void impls_count_unlisted(struct model *m, struct impls *im, const char *kdir)
{
	struct lsm_list *list = &m->lsm_list;
	const char *gate = list->gate ? list->gate : "CONFIG_SECURITY";

	for (unsigned i = 0; i < im->n; i++) {
		struct impl_lsm *l = &im->lsms[i];
		const char *sym = l->n ? l->entries[0].build_condition : NULL;
		const char *place = l->unlisted ? l->unlisted : im->source;

		if (lsm_list_find(&m->lsm_list, l->name, false) ||
		    (!l->n && !l->all_hooks && !l->opaque))
			continue;	/* listed, or registers nothing: it needs no slot */
		for (unsigned k = 1; sym && k < l->n; k++)
			if (!l->entries[k].build_condition ||
			    strcmp(l->entries[k].build_condition, sym))
				sym = NULL;
		if (sym && strchr(sym, ' '))
			sym = NULL;	/* built when any of several is set */
		char *kconfig = sym ? xasprintf("CONFIG_%s", sym) : xstrdup(gate);

		warn_at(place, 0, 0, "LSM '%s' is not in %s: it counts toward MAX_LSM_COUNT "
			"%s %s is set", l->name, list->source, sym ? "when" : "whenever", kconfig);
		list->lsms = xrealloc(list->lsms, (list->n + 1) * sizeof(*list->lsms));
		list->lsms[list->n++] = (struct lsm){ safe_name(l->name), xstrdup(kconfig), 0 };
		list->from_tree++;
		free(l->kconfig);
		l->kconfig = kconfig;
		l->unsure = !sym;
	}
	for (unsigned r = 0; kdir && r < m->lsm_list.n; r++) {
		bool defined = false;

		for (unsigned i = 0; i < im->n && !defined; i++)
			defined = !strcmp(im->lsms[i].name, m->lsm_list.lsms[r].name);
		if (!defined)
			warn_at(m->lsm_list.source, m->lsm_list.lsms[r].line, 0,
				"LSM '%s' (%s) is not defined in %s/security: it counts as listed",
				m->lsm_list.lsms[r].name,
				m->lsm_list.lsms[r].kconfig, kdir);
	}
}

void impl_entry_free(struct impl_entry *e)
{
	free(e->hook);
	free(e->function);
	expr_free(e->guard);
	free(e->build_condition);
	free(e->file);
	free(e->unsure);
}

void impls_free(struct impls *im)
{
	strlist_free(&im->macros);
	free(im->table_file);
	free(im->table_sha256);
	for (unsigned i = 0; i < im->n; i++) {
		struct impl_lsm *l = &im->lsms[i];

		for (unsigned j = 0; j < l->n; j++)
			impl_entry_free(&l->entries[j]);
		free(l->opaque);
		free(l->unlisted);
		free(l->entries);
		free(l->name);
		free(l->kconfig);
	}
	free(im->lsms);
	free(im->source);
	memset(im, 0, sizeof(*im));
}
