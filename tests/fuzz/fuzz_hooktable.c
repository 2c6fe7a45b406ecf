/* libFuzzer target: the hook table reader, libclang included, with a fixed configuration. */
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "hooktable.h"

static const char config[] =
	"CONFIG_SECURITY=y\nCONFIG_SECURITY_NETWORK=y\nCONFIG_MOD=m\nCONFIG_STR=\"x\"\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct config *cfg;
	struct model m = { 0 };

	diag_mute();
	if (!cfg)
		cfg = config_parse("fuzz.config", config, sizeof(config) - 1);
	hooktable_parse(&m, "fuzz.h", (const char *)data, size, cfg);
	model_free(&m);
	return 0;
}
