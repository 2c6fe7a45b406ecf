/* libFuzzer target: the LSM list reader (hookdefs/lsms.json and --lsms). */
#include <stddef.h>
#include <stdint.h>

#include "json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lsm_registry reg;

	diag_quiet = true;
	json_read_registry(&reg, "fuzz.json", (const char *)data, size);
	registry_free(&reg);
	return 0;
}
