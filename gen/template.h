/*
 * template.h: a tiny template language. {{path}} substitutes a string; {{#for x in path}}
 * ... {{/for}} repeats over a list; {{#if path}} / {{#if !path}} ... {{#else}} ... {{/if}}
 * chooses; {{! comment}}. A block tag alone on its line removes the whole line. Loop
 * variables also have x.@index, x.@first and x.@last. See templates/README.md.
 */
#ifndef LSMGEN_TEMPLATE_H
#define LSMGEN_TEMPLATE_H

#include <stdbool.h>

#include "util.h"

/* A value: a string, a list of values, or an object of named values. */
struct tv;

/* A new string value. */
struct tv *tv_str(const char *s);
/* A new string value holding an unsigned number. */
struct tv *tv_uint(unsigned long n);
/* A new boolean value: "1" or "". */
struct tv *tv_bool(bool b);
/* A new empty list whose items look like proto (which the list owns). */
struct tv *tv_list(struct tv *proto);
/* A new empty object. */
struct tv *tv_obj(void);
/* Set key of obj to v (owned by obj); returns v. */
struct tv *tv_set(struct tv *obj, const char *key, struct tv *v);
/* Append item (owned by the list) to list; returns item. */
struct tv *tv_push(struct tv *list, struct tv *item);
/* Free a value and everything it owns. */
void tv_free(struct tv *v);

struct template;

/* Parse a template; report errors as name:line:col and return NULL on any. */
struct template *template_parse(const char *name, const char *text);
/* Check every name the template uses against root (lists by their proto); report errors. */
bool template_check(const struct template *t, const struct tv *root);
/* Render a checked template into out. */
bool template_render(const struct template *t, const struct tv *root, struct buf *out);
/* The largest output a template may render (the kernel's biggest is under 2 MiB). */
#define MAX_TEMPLATE_OUTPUT (64u << 20)
/* Free a template. */
void template_free(struct template *t);

#endif
