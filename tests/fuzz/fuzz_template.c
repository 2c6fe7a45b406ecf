/*
 * libFuzzer target: the template language. Each input is a template, parsed, checked and
 * rendered (and line-wrapped) against the model of a small fixed hook table.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "buf.h"
#include "diag.h"
#include "emit.h"
#include "hooktable.h"
#include "template.h"
#include "wrap.h"

static const char table[] =
	"LSM_HOOK(int, -EOPNOTSUPP, inode_getsecurity, struct inode *inode, const char *name,\n"
	"\t void **buffer, bool alloc)\n"
	"#ifdef CONFIG_SECURITY_NETWORK\n"
	"LSM_HOOK(void, LSM_RET_VOID, secmark_refcount_inc, void)\n"
	"#endif\n";
static const char config[] = "CONFIG_SECURITY=y\nCONFIG_SECURITY_NETWORK=y\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct tv *root;
	struct buf out = { 0 };

	diag_mute();
	if (!root) {
		static struct model m;
		static struct config *cfg;

		cfg = config_parse("fuzz.config", config, sizeof(config) - 1);

		m.hookdefs = xstrdup("fuzz.h");
		m.config = xstrdup("fuzz.config");
		hooktable_parse(&m, "fuzz.h", table, sizeof(table) - 1, cfg);
		model_count(&m, cfg);
		root = emit_values(&m);
	}
	if (memchr(data, '\0', size))
		return 0;
	char *text = xstrndup((const char *)data, size);
	struct template *t = template_parse("fuzz.tmpl", text);

	if (t && template_check(t, root)) {
		template_render(t, root, &out);
		wrap_lines(&out, 100);
		buf_free(&out);
	}
	template_free(t);
	free(text);
	return 0;
}
