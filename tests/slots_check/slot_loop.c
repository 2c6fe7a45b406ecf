/*
 * The kernel's slot-filling loop (lsm_static_call_init() of the series), run over every
 * hook list of a stand-in object: each callback takes the first free slot of its hook's
 * array, at most nslots of them, else the kernel panics. Linked with the object it reads;
 * exit 0: it boots, 3: it panics, and says where.
 */
#include <stdio.h>
#include "shapes.h"

/* weak: an object with no hook list has no such section */
extern const struct lsm_list *const __start_lsm_lists[] __attribute__((__weak__));
extern const struct lsm_list *const __stop_lsm_lists[] __attribute__((__weak__));

void lsm_callback(void)
{
}

static int lsm_static_call_init(struct security_hook_list *hl)
{
	struct lsm_static_call *scall = hl->scalls;
	unsigned int i;

	for (i = 0; i < hl->nslots; i++) {
		if (!scall->hl) {
			scall->hl = hl;
			return 0;
		}
		scall++;
	}
	return -1;
}

int main(void)
{
	const struct lsm_list *const *l;
	unsigned int i;

	for (l = __start_lsm_lists; l < __stop_lsm_lists; l++)
		for (i = 0; i < (*l)->count; i++)
			if (lsm_static_call_init(&(*l)->hooks[i])) {
				printf("panic: Ran out of static slots: %s_hooks[%u]\n",
				       (*l)->name, i);
				return 3;
			}
	return 0;
}
