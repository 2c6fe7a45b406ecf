/* libFuzzer target: the Kconfig reader (.config, auto.conf, autoconf.h). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "buf.h"
#include "config.h"
#include "diag.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct config *cfg;
	struct buf defines = { 0 };

	diag_mute();
	cfg = config_parse("fuzz.config", (const char *)data, size);
	if (cfg) {
		config_defines(cfg, &defines);
		char *d = config_describe(cfg, "CONFIG_SECURITY");

		(void)config_is_enabled(cfg, "CONFIG_SECURITY_SELINUX");
		buf_free(&defines);
		free(d);
		config_free(cfg);
	}
	return 0;
}
