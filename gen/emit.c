/*
 * emit.c: from the model to template values (reading only the model), rendered to C
 * text in memory and wrapped; output.c writes it.
 */
#include "emit.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "buf.h"
#include "diag.h"
#include "embedded.h"
#include "files.h"
#include "sha256.h"
#include "strlist.h"
#include "template.h"
#include "wrap.h"

static const char *const template_names[] = {
	"lsm_count.h",
	"lsm_static_calls.h",
	"lsm_static_calls.c",
};

#define NTEMPLATES (sizeof(template_names) / sizeof(template_names[0]))

/*
 * The names the templates declare in a dispatcher or primitive (rc, n, lsmid) or use
 * there (the tables they read): a parameter of the same name would be redeclared or would
 * hide the table, so it is renamed in the generated code (a '_' appended). Keep in step
 * with templates/; tests/test_names.py checks every identifier the templates hold.
 */
static const char *const generated_names[] = {
	"rc", "n", "lsmid", "i", "scall", "static_calls_table", "lsm_base_slot_idx",
	"lsm_static_call_index", "lsm_static_call_index_len",
};

/* The prefixes of the names generated per hook and slot (lsm_static_call_H_n, ...): a
 * parameter named like one would hide that global from the dispatcher. */
static const char *const generated_prefixes[] = {
	"LSM_SLOTS_", "LSM_SLOT_", "lsm_dispatch_", "lsm_slot_", "lsm_static_call_",
	"security_hook_active_",
};

static bool is_generated_name(const char *s)
{
	for (size_t i = 0; i < sizeof(generated_names) / sizeof(*generated_names); i++)
		if (!strcmp(s, generated_names[i]))
			return true;
	return false;
}

static bool has_generated_prefix(const char *s)
{
	for (size_t i = 0; i < sizeof(generated_prefixes) / sizeof(*generated_prefixes); i++)
		if (!strncmp(s, generated_prefixes[i], strlen(generated_prefixes[i])))
			return true;
	return false;
}

/* A parameter as the generated code names it: renamed (name_) if it would collide with a
 * generated name or, once renamed, with another parameter of the hook. */
struct cparam {
	char *decl, *name;
};

static struct cparam cparam_of(const struct hook *h, unsigned k)
{
	const struct param *p = &h->params[k];
	/* a name of a generated family stays in it whatever is appended: prefix it instead */
	char *name = has_generated_prefix(p->name) ? xasprintf("p_%s", p->name) : xstrdup(p->name);

	for (;;) {
		bool taken = is_generated_name(name);

		/* a new name must not be another parameter's */
		for (unsigned j = 0; j < h->nparams && !taken && strcmp(name, p->name); j++)
			taken = j != k && !strcmp(h->params[j].name, name);
		if (!taken)
			break;
		char *longer = xasprintf("%s_", name);

		free(name);
		name = longer;
	}
	char *decl = xasprintf("%.*s%s%s", (int)p->name_at, p->decl, name,
			       p->decl + p->name_at + strlen(p->name));

	return (struct cparam){ decl, name };
}

static struct tv *param_value(const struct param *p, const struct cparam *c)
{
	struct tv *o = tv_obj();

	tv_set(o, "decl", tv_str(c ? c->decl : ""));
	tv_set(o, "type", tv_str(p ? p->type : ""));
	tv_set(o, "name", tv_str(c ? c->name : ""));
	return o;
}

static struct tv *slot_value(unsigned long n)
{
	struct tv *o = tv_obj();

	tv_set(o, "index", tv_uint(n));
	return o;
}

static bool is_ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static bool word_at(const char *s, size_t i, const char *w)
{
	size_t n = strlen(w);

	return !strncmp(s + i, w, n) && (i == 0 || !is_ident_char(s[i - 1])) &&
	       !is_ident_char(s[i + n]);
}

/* A parameter as checkpatch wants it: a bare "unsigned" is written "unsigned int". */
static void put_decl(struct buf *out, const char *decl)
{
	for (size_t i = 0; decl[i]; i++) {
		buf_putc(out, decl[i]);
		if (!word_at(decl, i, "unsigned"))
			continue;
		buf_puts(out, "nsigned");
		i += strlen("unsigned") - 1;
		size_t k = i + 1;

		while (decl[k] == ' ')
			k++;
		if (!word_at(decl, k, "int") && !word_at(decl, k, "long") &&
		    !word_at(decl, k, "short") &&
		    !word_at(decl, k, "char"))
			buf_puts(out, " int");
	}
}

/* The constant that sizes a hook's slots: MAX_LSM_COUNT, or LSM_SLOTS_<hook> if exact. */
static char *count_name(const struct model *m, const struct hook *h)
{
	if (!h)
		return xstrdup("");
	return m->layout.slots == SLOTS_EXACT ? xasprintf("LSM_SLOTS_%s", h->name) :
	       xstrdup("MAX_LSM_COUNT");
}

/* One term of LSM_SLOTS_<hook>: in parentheses unless it is one operand (a sum of
 * "a || b" terms would read "a || (b + c)"), and one too long for its line goes on at its
 * last " && " in reach. */
static char *term_text(const struct expr *term)
{
	struct expr *paren = expr_is_operand(term) ? NULL : expr_paren(expr_copy(term));
	unsigned *marks, n, cut = 0;
	char *text = expr_text_and_marks(paren ? paren : term, &marks, &n);

	expr_free(paren);
	for (unsigned i = 0; i < n && marks[i] <= 80; i++)
		cut = marks[i];
	free(marks);
	if (strlen(text) <= 80 || !cut)
		return text;
	char *split = xasprintf("%.*s && \\\n\t  %s", (int)cut, text, text + cut + 4);

	free(text);
	return split;
}

/*
 * LSM_SLOTS_<hook> from its terms, as the per-configuration count is: the terms that
 * hold; MAX_LSM_COUNT where anything is unsure (the sum, if an LSM's two entries make it
 * larger); 0 when nothing counts (the gate unset: MAX_LSM_COUNT is then 0). One term a
 * line, continued with backslashes: a new implementer is one new line.
 */
static char *slots_expression(const struct model *m, const struct slot_terms *t)
{
	static const char next[] = " \\\n\t";
	struct buf sum = { 0 }, u = { 0 };
	char *inner, *e;

	for (unsigned i = 0; i < t->sum.n; i++) {
		char *term = term_text(t->sum.v[i]);

		buf_printf(&sum, "%s%s%s", i ? " +" : "", i ? next : "", term);
		free(term);
	}
	for (unsigned i = 0; i < t->unsure.n; i++)
		buf_printf(&u, "%s%s%s", i ? " ||" : "", i ? next : "", t->unsure.v[i]);
	if (!t->always_unsure && !u.len) {
		inner = xstrdup(sum.len ? sum.s : "0");
	} else {
		char *pick = t->lsm_twice && sum.len ?
			     xasprintf("(%s > MAX_LSM_COUNT ?%s%s :%sMAX_LSM_COUNT)", sum.s, next,
				       sum.s, next) :
			     xstrdup("MAX_LSM_COUNT");

		inner = t->always_unsure ? pick : xasprintf("%s ? %s :%s%s", u.s, pick, next,
							     sum.len ? sum.s : "0");
		if (inner != pick)
			free(pick);
	}
	/* without a term of its own, MAX_LSM_COUNT (0 when nothing counts) needs no gate */
	if (!sum.len)
		e = strchr(inner, ' ') ? xasprintf("(%s)", inner) : xstrdup(inner);
	else if (m->lsm_list.gate)
		e = xasprintf("(MAX_LSM_COUNT ?%s%s : 0)", next, inner);
	else
		e = xasprintf("(%s%s)", next, inner);
	free(inner);
	buf_free(&sum);
	buf_free(&u);
	return e;
}

static struct tv *hook_value(const struct model *m, const struct hook *h, const struct hook *prev,
			     const struct hook *next)
{
	struct tv *o = tv_obj();
	struct tv *params = tv_list(param_value(NULL, NULL));
	struct buf decl = { 0 }, args = { 0 };

	buf_add(&decl, "", 0);
	buf_add(&args, "", 0);
	for (unsigned i = 0; h && i < h->nparams; i++) {
		struct cparam c = cparam_of(h, i);

		tv_push(params, param_value(&h->params[i], &c));
		buf_puts(&decl, i ? ", " : "");
		put_decl(&decl, c.decl);
		buf_printf(&args, "%s%s", i ? ", " : "", c.name);
		free(c.decl);
		free(c.name);
	}
	tv_set(o, "name", tv_str(h ? h->name : ""));
	tv_set(o, "ret", tv_str(h ? h->ret : ""));
	/* pasted beside != and after return: one operand, whatever the table wrote */
	struct expr *paren = h && !expr_is_operand(h->def) ? expr_paren(expr_copy(h->def)) : NULL;
	char *def = !h ? xstrdup("") : expr_text(paren ? paren : h->def);

	expr_free(paren);

	tv_set(o, "default", tv_str(def));
	free(def);
	tv_set(o, "is_void", tv_bool(h && h->is_void));
	tv_set(o, "is_int", tv_bool(h && !h->is_void));
	tv_set(o, "params", params);
	tv_set(o, "params_decl", tv_str(h && h->nparams ? decl.s : "void"));
	char *after = xasprintf("%s%s", h && h->nparams ? ", " : "", decl.s);

	tv_set(o, "params_after", tv_str(after));
	free(after);
	tv_set(o, "has_primitives", tv_bool(h && h->policy != POLICY_STANDARD));
	tv_set(o, "has_lsmid", tv_bool(h && h->policy == POLICY_LSMID));
	tv_set(o, "any_if_zero", tv_bool(h && h->any_if_zero));
	tv_set(o, "args", tv_str(args.s));
	/* --all-configs: hooks in a row with the same guard share one #if block */
	char *g = h ? expr_comment_text(h->guard) : NULL;
	char *pg = prev ? expr_comment_text(prev->guard) : NULL;
	char *ng = next ? expr_comment_text(next->guard) : NULL;

	tv_set(o, "guard", tv_str(g ? g : ""));
	tv_set(o, "guard_opens", tv_bool(m->layout.all_configs && g && (!pg || strcmp(g, pg))));
	tv_set(o, "guard_closes", tv_bool(m->layout.all_configs && g && (!ng || strcmp(g, ng))));
	free(g);
	free(pg);
	free(ng);
	char *count = count_name(m, h);

	tv_set(o, "count", tv_str(count));
	free(count);
	char *expr = h && h->terms ? slots_expression(m, h->terms) : xstrdup("");

	tv_set(o, "slots_expr", tv_str(expr));
	free(expr);
	tv_set(o, "line", tv_uint(h ? h->line : 0));
	struct tv *slots = tv_set(o, "slots", tv_list(slot_value(0)));

	for (unsigned i = 0; h && i < h->nslots; i++)
		tv_push(slots, slot_value(i));
	tv_set(o, "nslots", tv_uint(h ? h->nslots : 0));
	tv_set(o, "has_slots", tv_bool(h && h->nslots));
	tv_set(o, "slots_unsure", tv_bool(h && h->slots_unsure));
	buf_free(&decl);
	buf_free(&args);
	return o;
}

/*
 * A symbol's value as generated code may show it: y, m, a number, "a string" (a string's
 * text is input that could close a comment, so it never reaches the output), or "".
 */
static char *safe_value(const char *value)
{
	if (!value || !strcmp(value, "is not set"))
		return xstrdup("");
	return xstrdup(value[0] == '"' ? "a string" : value);
}

/* " is not set", " is a string", or "=y", "=m", "=0x10". */
static char *safe_state(const char *value)
{
	char *v = safe_value(value);
	char *s = !*v ? xstrdup(" is not set") : !strcmp(v, "a string") ? xstrdup(" is a string") :
		  xasprintf("=%s", v);

	free(v);
	return s;
}

static struct tv *lsm_value(const struct model *m, int i)
{
	struct tv *o = tv_obj();
	const struct lsm *l = i >= 0 ? &m->lsm_list.lsms[i] : NULL;
	char *value = safe_value(l ? m->lsm_value[i] : NULL);
	char *state = l ? safe_state(m->lsm_value[i]) : xstrdup("");

	tv_set(o, "name", tv_str(l ? l->name : ""));
	tv_set(o, "kconfig", tv_str(l ? l->kconfig : ""));
	tv_set(o, "value", tv_str(value));
	tv_set(o, "state", tv_str(state));
	free(state);
	tv_set(o, "counted", tv_bool(i >= 0 && m->counted[i]));
	free(value);
	return o;
}

/* The options that shaped the output, for the banner's regenerate command: values, never
 * paths (FILE). */
static char *shaping_options(const struct model *m)
{
	const struct layout *l = &m->layout;
	struct buf o = { 0 };

	buf_puts(&o, "");
	if (m->from_file.lsms || m->from_file.lsm_count_h)
		buf_printf(&o, " --%s FILE", m->from_file.lsms ? "lsms" : "lsm-count-h");
	if (m->from_file.policies)
		buf_puts(&o, " --policies FILE");
	if (l->slots == SLOTS_EXACT)
		buf_puts(&o, m->from_file.impls ? " --slots exact --impls FILE" : " --slots exact");
	if (l->dispatch == DISPATCH_SWITCH)
		buf_puts(&o, " --dispatch switch");
	if (l->abstain) {
		buf_puts(&o, " --abstain-value ");
		buf_shell_word(&o, l->abstain);
	}
	if (l->runtime_lsm) {
		buf_puts(&o, " --runtime-lsm ");
		buf_shell_word(&o, l->runtime_lsm);
	}
	return o.s;
}

/* The values the templates see; templates/README.md lists them. */
struct tv *emit_values(const struct model *m)
{
	const struct layout *l = &m->layout;
	char *options = shaping_options(m);

	struct tv *root = tv_obj();
	struct tv *inputs = tv_set(root, "inputs", tv_obj());
	struct tv *hooks = tv_list(hook_value(m, NULL, NULL, NULL));
	struct tv *lsms = tv_list(lsm_value(m, -1));
	struct tv *slots = tv_list(slot_value(0));

	tv_set(inputs, "hookdefs", tv_str(path_base(m->hookdefs)));
	tv_set(inputs, "config", tv_str(m->config ? path_base(m->config) : ""));
	tv_set(root, "all_configs", tv_bool(l->all_configs));
	tv_set(root, "options", tv_str(options));
	free(options);
	tv_set(root, "max_lsm_count", tv_uint(m->max_lsm_count));
	tv_set(root, "has_slots", tv_bool(m->max_lsm_count > 0));
	tv_set(root, "gate", tv_str(m->lsm_list.gate ? m->lsm_list.gate : ""));
	char *gate = safe_value(m->gate_value);
	char *gate_state = m->lsm_list.gate ? safe_state(m->gate_value) : xstrdup("");

	tv_set(root, "gate_value", tv_str(gate));
	tv_set(root, "gate_state", tv_str(gate_state));
	free(gate);
	free(gate_state);
	tv_set(root, "nhooks", tv_uint(m->nhooks));
	tv_set(root, "nint", tv_uint(model_int_hooks(m)));
	tv_set(root, "nvoid", tv_uint(m->nhooks - model_int_hooks(m)));
	tv_set(root, "nlsms", tv_uint(m->lsm_list.n));
	tv_set(root, "nslots_total", tv_uint(model_stats(m).static_calls));
	tv_set(root, "exact", tv_bool(l->slots == SLOTS_EXACT));
	tv_set(root, "switch", tv_bool(l->dispatch == DISPATCH_SWITCH));
	tv_set(root, "keys", tv_bool(l->dispatch != DISPATCH_SWITCH));
	tv_set(root, "abstain", tv_str(l->abstain ? l->abstain : ""));
	tv_set(root, "runtime_lsm", tv_str(l->runtime_lsm ? l->runtime_lsm : ""));
	bool primitives = false;

	for (unsigned i = 0; i < m->nhooks; i++)
		primitives |= m->hooks[i].policy != POLICY_STANDARD;
	tv_set(root, "primitives", tv_bool(primitives));
	for (unsigned i = 0; i < m->nhooks; i++)
		tv_push(hooks, hook_value(m, &m->hooks[i], i ? &m->hooks[i - 1] : NULL,
					  i + 1 < m->nhooks ? &m->hooks[i + 1] : NULL));
	for (unsigned i = 0; i < m->lsm_list.n; i++)
		tv_push(lsms, lsm_value(m, (int)i));
	for (unsigned i = 0; i < m->max_lsm_count; i++)
		tv_push(slots, slot_value(i));
	tv_set(root, "hooks", hooks);
	tv_set(root, "lsms", lsms);
	tv_set(root, "slots", slots);
	return root;
}

static char *load_template(const char *tdir, const char *name, char **source,
			   struct strlist *deps)
{
	if (!tdir) {
		const struct embedded_file *e = embedded_find(name);

		*source = xasprintf("templates/%s.tmpl", name);
		return e ? xstrndup(e->data, e->len) : NULL;
	}
	*source = xasprintf("%s/%s.tmpl", tdir, name);
	size_t len;
	char *text = read_file(*source, &len);

	if (text && memchr(text, '\0', len)) {
		error_at(*source, 0, 0, "a template cannot hold NUL bytes");
		free(text);
		return NULL;
	}
	if (text && deps)
		strlist_add(deps, *source);
	return text;
}

/*
 * Output to check into a tree ends as include/linux/atomic/'s does, with a line the
 * tree's build checks without lsmgen: "// " and the sha256 of every line above it, so a
 * hand edit stops the build. lsm_count.h also records what the files were made from
 * (fingerprint.h), which the build recomputes, so a stale set stops it too.
 */
static void seal(const struct model *m, struct outfile *f)
{
	char hex[65];

	if (m->inputs_sha256 && !strcmp(f->name, "lsm_count.h")) {
		buf_printf(&f->text, "// lsmgen inputs sha256: %s\n", m->inputs_sha256);
		for (unsigned i = 0; i < m->inputs_words.n; i++)
			buf_printf(&f->text, "// lsmgen inputs word: %s\n", m->inputs_words.v[i]);
	}
	sha256_hex(f->text.s, f->text.len, hex);
	buf_printf(&f->text, "// %s\n", hex);
}

bool emit_render(const struct model *m, const char *tdir, struct outfile **files,
		 unsigned *nfiles, struct strlist *deps)
{
	struct tv *root = emit_values(m);
	struct outfile *out = xcalloc(NTEMPLATES, sizeof(*out));
	unsigned before = error_count();

	for (unsigned i = 0; i < NTEMPLATES; i++) {
		char *source;
		char *text = load_template(tdir, template_names[i], &source, deps);
		struct template *t = text ? template_parse(source, text) : NULL;

		out[i].name = xstrdup(template_names[i]);
		buf_add(&out[i].text, "", 0);
		if (t && template_check(t, root) && template_render(t, root, &out[i].text)) {
			wrap_lines(&out[i].text, 100);
			if (m->layout.all_configs)
				seal(m, &out[i]);
		}
		template_free(t);
		free(text);
		free(source);
	}
	tv_free(root);
	*files = out;
	*nfiles = NTEMPLATES;
	return error_count() == before;
}

void emit_free(struct outfile *files, unsigned nfiles)
{
	for (unsigned i = 0; i < nfiles; i++) {
		free(files[i].name);
		buf_free(&files[i].text);
	}
	free(files);
}
