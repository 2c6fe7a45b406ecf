/*
 * wrap.c: generated C lines longer than the kernel's limit broken as a person would: at
 * ", " inside parentheses, continuation under the open parenthesis, comments at a space.
 */
#include "wrap.h"

#include <string.h>

#include "buf.h"

static void wrap_one(struct buf *out, const char *line, size_t n, unsigned width,
		     unsigned base);

static unsigned width_of(const char *s, size_t n, unsigned col)
{
	for (size_t i = 0; i < n; i++)
		col = s[i] == '\t' ? (col + 8) & ~7u : col + 1;
	return col;
}

static void put_indent(struct buf *out, unsigned col)
{
	for (unsigned i = 0; i < col / 8; i++)
		buf_putc(out, '\t');
	for (unsigned i = 0; i < col % 8; i++)
		buf_putc(out, ' ');
}

/* Wrap a " * text" comment line at the last space that fits, repeating the " * ". */
static void wrap_comment(struct buf *out, const char *line, size_t n, unsigned width,
			 unsigned indent)
{
	size_t brk = 0;

	for (size_t i = indent + 3; i < n; i++)
		if (line[i] == ' ' && width_of(line, i, 0) <= width)
			brk = i;
	if (!brk) {
		buf_add(out, line, n);
		return;
	}
	struct buf rest = { 0 };

	buf_add(out, line, brk);
	buf_putc(out, '\n');
	buf_add(&rest, line, indent + 3);
	buf_add(&rest, line + brk + 1, n - brk - 1);
	wrap_one(out, rest.s, rest.len, width, 0);
	buf_free(&rest);
}

/*
 * Columns of what must stay on the first line of the list item s starts with: up to its
 * first ',' at any depth (it can break there itself), or the ')' that closes its list.
 */
static unsigned next_item_width(const char *s, size_t n)
{
	int depth = 0;
	size_t i = 0;

	for (; i < n && s[i] != ','; i++)
		if (s[i] == '(')
			depth++;
		else if (s[i] == ')' && --depth < 0)
			break;
	return width_of(s, i < n ? i + 1 : n, 0);
}

/*
 * Wrap one line: break after the last ", " inside parentheses that keeps the line within
 * width, and align the rest with the open parenthesis; failing that, break after " = ".
 * base is the parenthesis column carried over from the line before, 0 if none.
 */
static void wrap_one(struct buf *out, const char *line, size_t n, unsigned width, unsigned base)
{
	unsigned stack[64], depth = 0, col = 0, comma_col = 0, comma_depth = 0, indent = 0;
	size_t comma = 0, assign = 0;
	struct buf rest = { 0 };

	if (width_of(line, n, 0) <= width) {
		buf_add(out, line, n);
		return;
	}
	if (base)
		stack[depth++] = base;
	for (size_t i = 0; i < n; i++) {
		char c = line[i];

		col = width_of(line + i, 1, col);
		if (c == '(' && depth < 64) {
			stack[depth++] = col;
		} else if (c == ')' && depth) {
			depth--;
		} else if (c == ',' && i + 1 < n && line[i + 1] == ' ' && depth && col <= width &&
			   (!comma || depth <= comma_depth)) {
			/* the outermost list that has a comma in reach, its last such comma */
			comma = i + 1;
			comma_depth = depth;
			comma_col = stack[depth - 1];
		} else if (c == '=' && i + 1 < n && line[i + 1] == ' ' && i && line[i - 1] == ' ' &&
			   col <= width && !assign) {
			assign = i + 1;
		}
	}
	while (indent < n && line[indent] == '\t')
		indent++;
	/* aligned with the parenthesis (checkpatch --strict) unless the next item would not fit */
	if (comma && comma_col + next_item_width(line + comma + 1, n - comma - 1) > width)
		comma_col = 0;
	/*
	 * A function definition whose parameters cannot align with its parenthesis: the
	 * return type goes on a line of its own, as the kernel writes long definitions, and
	 * the name line is wrapped again, now with room to align.
	 */
	if (comma && !comma_col && !base && indent == 0 && !memcmp(line, "static ", 7)) {
		const char *paren = memchr(line, '(', n);
		size_t sp = paren ? (size_t)(paren - line) : 0;

		while (sp && line[sp - 1] != ' ')
			sp--;
		if (sp > 1) {
			buf_add(out, line, sp - 1);
			buf_putc(out, '\n');
			wrap_one(out, line + sp, n - sp, width, 0);
			return;
		}
	}
	if (comma && !comma_col)
		comma_col = (indent + 2) * 8;
	if (indent + 3 < n && !memcmp(line + indent, " * ", 3)) {
		wrap_comment(out, line, n, width, indent);
	} else if (comma) {
		buf_add(out, line, comma);
		buf_putc(out, '\n');
		put_indent(&rest, comma_col);
		buf_add(&rest, line + comma + 1, n - comma - 1);
		wrap_one(out, rest.s, rest.len, width, comma_col);
	} else if (assign) {
		buf_add(out, line, assign);
		buf_putc(out, '\n');
		for (unsigned i = 0; i < indent + 1; i++)
			buf_putc(&rest, '\t');
		buf_add(&rest, line + assign + 1, n - assign - 1);
		wrap_one(out, rest.s, rest.len, width, 0);
	} else {
		buf_add(out, line, n);
	}
	buf_free(&rest);
}

void wrap_lines(struct buf *text, unsigned width)
{
	struct buf out = { 0 };

	if (!text->s)
		return;
	const char *p = text->s, *end = text->s + text->len;

	buf_add(&out, "", 0);
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t n = eol ? (size_t)(eol - p) : (size_t)(end - p);

		wrap_one(&out, p, n, width, 0);
		if (eol)
			buf_putc(&out, '\n');
		p += n + (eol != NULL);
	}
	buf_free(text);
	*text = out;
}
