/* model.c: MAX_LSM_COUNT and the checks and lifetimes of the model. */
#include "model.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "diag.h"
#include "strlist.h"
#include "tokens.h"

static void free_values(struct model *m)
{
	for (unsigned i = 0; m->lsm_value && i < m->lsm_list.n; i++)
		free(m->lsm_value[i]);
	free(m->lsm_value);
	free(m->gate_value);
	m->lsm_value = NULL;
	m->gate_value = NULL;
}

void model_count(struct model *m, const struct config *cfg)
{
	/* lsm_count.h: "#ifdef CONFIG_SECURITY" around the list, IS_ENABLED() for each. */
	bool gate = !m->lsm_list.gate || !cfg || config_is_defined(cfg, m->lsm_list.gate);

	free(m->counted);
	free_values(m);
	m->counted = xcalloc(m->lsm_list.n, sizeof(*m->counted));
	m->lsm_value = xcalloc(m->lsm_list.n, sizeof(*m->lsm_value));
	m->gate_value = !m->lsm_list.gate ? NULL : cfg ? config_describe(cfg, m->lsm_list.gate) :
			xstrdup("any");
	m->max_lsm_count = 0;
	for (unsigned i = 0; i < m->lsm_list.n; i++) {
		const char *k = m->lsm_list.lsms[i].kconfig;

		m->counted[i] = gate && (!cfg || config_is_enabled(cfg, k));
		m->lsm_value[i] = cfg ? config_describe(cfg, k) : xstrdup("any");
		m->max_lsm_count += m->counted[i];
	}
	for (unsigned i = 0; i < m->nhooks; i++)
		m->hooks[i].nslots = m->max_lsm_count;
}

static bool is_lsm_name(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_'))
			return false;
	return true;
}

static bool is_kconfig_symbol(const char *s)
{
	return strncmp(s, "CONFIG_", 7) == 0 && s[7] && is_identifier(s);
}

bool lsm_list_check(const struct lsm_list *list)
{
	unsigned before = error_count();

	if (list->gate && !is_kconfig_symbol(list->gate))
		error_at(list->source, 0, 0,
			 "gate '%s' is not a Kconfig symbol (CONFIG_[A-Za-z0-9_]+)",
			 list->gate);
	for (unsigned i = 0; i < list->n; i++) {
		const struct lsm *l = &list->lsms[i];

		if (!is_lsm_name(l->name))
			error_at(list->source, l->line, 0,
				 "LSM name '%s' is not a lower-case identifier ([a-z0-9_]+)",
				 l->name);
		if (!is_kconfig_symbol(l->kconfig))
			error_at(list->source, l->line, 0,
				 "Kconfig symbol '%s' of LSM '%s' is not CONFIG_[A-Za-z0-9_]+",
				 l->kconfig, l->name);
		for (unsigned j = 0; j < i; j++)
			if (strcmp(list->lsms[j].name, l->name) == 0)
				error_at(list->source, l->line, 0, "LSM '%s' is listed twice",
					 l->name);
	}
	return error_count() == before;
}

void lsm_list_free(struct lsm_list *list)
{
	for (unsigned i = 0; i < list->n; i++) {
		free(list->lsms[i].name);
		free(list->lsms[i].kconfig);
	}
	free(list->lsms);
	free(list->gate);
	free(list->source);
	memset(list, 0, sizeof(*list));
}

void hook_free(struct hook *h)
{
	for (unsigned i = 0; i < h->nparams; i++) {
		free(h->params[i].decl);
		free(h->params[i].type);
		free(h->params[i].name);
	}
	free(h->params);
	free(h->name);
	free(h->ret);
	expr_free(h->def);
	expr_free(h->guard);
	if (h->terms) {
		exprlist_free(&h->terms->sum);
		strlist_free(&h->terms->unsure);
		free(h->terms);
	}
}

void model_free(struct model *m)
{
	for (unsigned i = 0; i < m->nhooks; i++)
		hook_free(&m->hooks[i]);
	free(m->hooks);
	free_values(m);
	lsm_list_free(&m->lsm_list);
	free(m->counted);
	free(m->hookdefs);
	free(m->config);
	free((char *)m->layout.abstain);
	free((char *)m->layout.runtime_lsm);
	if (m->explained) {
		for (unsigned i = 0; i < m->explained->n; i++) {
			struct slot_reason *r = &m->explained->v[i];

			free(r->verdict);
			free(r->lsm);
			free(r->function);
			free(r->why);
			free(r->guard);
			free(r->build_condition);
		}
		free(m->explained->v);
		free(m->explained->hook);
		free(m->explained);
	}
	strlist_free(&m->deps);
	strlist_free(&m->inputs_words);
	free(m->inputs_sha256);
	memset(m, 0, sizeof(*m));
}

unsigned model_int_hooks(const struct model *m)
{
	unsigned n = 0;

	for (unsigned i = 0; i < m->nhooks; i++)
		n += !m->hooks[i].is_void;
	return n;
}

static struct stats stats_of(const struct model *m, bool exact)
{
	unsigned long slots = 0;

	for (unsigned i = 0; i < m->nhooks; i++)
		slots += exact ? m->hooks[i].nslots : m->max_lsm_count;

	/* --dispatch switch has no static keys: a base index per hook instead */
	return (struct stats){ slots, m->layout.dispatch == DISPATCH_SWITCH ? 0 : slots, slots,
			       slots * LSM_STATIC_CALL_BYTES };
}

struct stats model_stats(const struct model *m)
{
	return stats_of(m, m->layout.slots == SLOTS_EXACT);
}

struct stats model_stats_max(const struct model *m)
{
	return stats_of(m, false);
}

const struct lsm *lsm_list_find(const struct lsm_list *list, const char *key, bool by_kconfig)
{
	for (unsigned i = 0; list && i < list->n; i++)
		if (!strcmp(by_kconfig ? list->lsms[i].kconfig : list->lsms[i].name, key))
			return &list->lsms[i];
	return NULL;
}

const char *const slots_names[] = { "", "max", "exact", NULL };
const char *const dispatch_names[] = { "", "keys", "switch", NULL };

int name_index(const char *const *names, const char *name)
{
	for (int i = 1; name && names[i]; i++)
		if (!strcmp(names[i], name))
			return i;
	return 0;
}

static const char *const policy_names[] = { "standard", "primitives", "lsmid" };

const char *policy_name(enum policy p)
{
	return policy_names[p];
}

int policy_from_name(const char *name)
{
	for (int i = 0; name && i < (int)(sizeof(policy_names) / sizeof(*policy_names)); i++)
		if (!strcmp(policy_names[i], name))
			return i;
	return -1;
}

struct hook *model_find_hook(const struct model *m, const char *name)
{
	for (unsigned i = 0; i < m->nhooks; i++)
		if (strcmp(m->hooks[i].name, name) == 0)
			return &m->hooks[i];
	return NULL;
}
