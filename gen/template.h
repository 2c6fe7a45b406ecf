/*
 * template.h: a tiny template language. {{path}} substitutes a string; {{#for x in path}}
 * ... {{/for}} repeats over a list; {{#if path}} / {{#if !path}} ... {{#else}} ... {{/if}}
 * chooses; {{! comment}}. A block tag alone on its line removes the whole line. Loop
 * variables also have x.@index, x.@first and x.@last. See templates/README.md.
 */
#ifndef LSMGEN_TEMPLATE_H
#define LSMGEN_TEMPLATE_H

#include <stdbool.h>

#include "tvalues.h"
#include "buf.h"

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
