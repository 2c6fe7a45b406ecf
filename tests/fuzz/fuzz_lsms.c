/* libFuzzer target: the LSM list reader (hookdefs/lsms.json and --lsms). */
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lsm_list list;

	diag_mute();
	json_read_lsm_list(&list, "fuzz.json", (const char *)data, size);
	lsm_list_free(&list);
	return 0;
}
