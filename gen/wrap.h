/* wrap.h: long generated lines broken kernel style. */
#ifndef LSMGEN_WRAP_H
#define LSMGEN_WRAP_H

#include "buf.h"

/* Break lines longer than width at ", " inside parentheses, kernel style. */
void wrap_lines(struct buf *text, unsigned width);

#endif
