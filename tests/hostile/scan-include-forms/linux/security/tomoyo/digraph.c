/* the include directive spelled with the digraph of '#' */
%:include "reg_open.h"

static struct security_hook_list tomoyo_open_hooks[] = {
	TOMOYO_OPEN,
};
