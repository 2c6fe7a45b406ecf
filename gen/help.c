/* help.c: the text of 'lsmgen --help' and 'lsmgen help COMMAND', one block per command. */
#include "help.h"

const char usage_intro[] =
	"usage: lsmgen COMMAND [OPTIONS]\n"
	"\n"
	"Generate the Linux LSM static-call dispatch code (MAX_LSM_COUNT, the static calls\n"
	"and keys, the packed table and one dispatcher per hook) as plain C, from\n"
	"include/linux/lsm_hook_defs.h and a Kconfig .config.\n"
	"\n"
	"Commands:\n";

const char usage_outro[] =
	"\n"
	"  -h, --help     this text\n"
	"  --version      lsmgen's version and the libclang and jansson it runs on\n"
	"\n"
	"Example:\n"
	"  lsmgen generate --kernel ~/linux -O ~/build -o ~/build/security/lsm\n"
	"\n"
	"Exit status: 0 done; 1 bad input, reported as file:line:col: error: ...;\n"
	"2 usage or environment error.\n";

const char usage_generate[] =
	"usage: lsmgen generate --hookdefs FILE --config FILE -o DIR [OPTIONS]\n"
	"       lsmgen generate --kernel KDIR [-O BUILDDIR] -o DIR [OPTIONS]\n"
	"       lsmgen generate --all-configs (--hookdefs FILE | --kernel KDIR) -o DIR [OPTIONS]\n"
	"\n"
	"Write DIR/lsm_count.h, DIR/lsm_static_calls.h and DIR/lsm_static_calls.c. A file\n"
	"whose content would not change is left untouched; changed files are written to a\n"
	"temporary name and renamed into place only when all of them succeeded, so an\n"
	"error leaves DIR as it was.\n"
	"\n"
	"--all-configs reads no .config: the files are right for every configuration, to\n"
	"check into a tree (every hook under its #if, MAX_LSM_COUNT and LSM_SLOTS_<hook> as\n"
	"sums of IS_ENABLED(), slot n under #if <count> > n). Every dispatch option works\n"
	"with it; --explain-slots, which explains one configuration, does not.\n"
	"\n";

const char usage_check[] =
	"usage: lsmgen check (the inputs of generate, or --all-configs) -o DIR [--manifest FILE]\n"
	"\n"
	"Exit 0 when every file in DIR (and the manifest) is exactly what lsmgen generate\n"
	"would write; 1 when any is stale or missing, printing a unified diff of each and the\n"
	"command that regenerates them; 2 on usage errors. Never writes anything.\n"
	"\n";

const char usage_diff[] =
	"usage: lsmgen diff A B [--json] [--lsms FILE | --lsm-count-h FILE]\n"
	"\n"
	"Compare two models, each a manifest written by generate --manifest, or a hook table\n"
	"and a configuration written HOOKDEFS:CONFIG. Prints MAX_LSM_COUNT, the LSMs counted,\n"
	"hooks added (+), removed (-) and changed (~: return type, default, parameters,\n"
	"guard), and static calls, keys and table bytes. --json prints the same for tools.\n"
	"Exit status, as diff(1): 0 equal, 1 different, 2 any error.\n";

const char usage_impls[] =
	"usage: lsmgen impls --kernel KDIR [--lsms FILE | --lsm-count-h FILE]\n"
	"\n"
	"Scan KDIR/security: every LSM_HOOK_INIT(hook, function) entry, the LSM that registers\n"
	"it (DEFINE_LSM or DEFINE_EARLY_LSM of its file or directory), the #if condition around\n"
	"it and the Makefile condition of its file; print them as JSON in the schema\n"
	"--impls reads, so CI without the kernel sources can still generate --slots exact.\n";

const char usage_stats[] =
	"usage: lsmgen stats --hookdefs FILE --config FILE [--slots max|exact] [--impls FILE]\n"
	"                    [--dispatch keys|switch] [--json]\n"
	"\n"
	"What a configuration costs in the kernel image: hooks, MAX_LSM_COUNT, static calls,\n"
	"static keys (and their jump-table entries), table entries and table bytes\n"
	"(x86-64: 32 bytes per struct lsm_static_call), for the layout the options choose.\n"
	"--impls without --slots shows max and exact side by side.\n"
	"\n";

const char usage_hooks[] =
	"usage: lsmgen hooks --hookdefs FILE --config FILE [--json]\n"
	"       lsmgen hooks --kernel KDIR [-O BUILDDIR] [--json]\n"
	"       lsmgen hooks --all-configs (--hookdefs FILE | --kernel KDIR) [--json]\n"
	"       lsmgen hooks ... --explain-slots HOOK --slots exact [--impls FILE]\n"
	"\n"
	"List the hooks of the table that the configuration keeps (with --all-configs, every\n"
	"hook of every branch), in table order: line, return type, default, name and\n"
	"parameters, and the guard they sit under.\n"
	"--json prints {\"hooks\": [{\"name\", \"ret\", \"default\", \"params\": [{\"type\",\n"
	"\"name\"}], \"guard\", \"line\"}]}.\n"
	"\n";

const char usage_count[] =
	"usage: lsmgen count --config FILE [--lsms FILE | --lsm-count-h FILE] [--explain]\n"
	"       lsmgen count --kernel KDIR [-O BUILDDIR] [--explain]\n"
	"\n"
	"Print MAX_LSM_COUNT: how many of the listed LSMs the configuration builds in\n"
	"(IS_ENABLED: =y or =m), or 0 when the gate (CONFIG_SECURITY) is not set. There is\n"
	"no ceiling: the kernel's COUNT_ARGS stops at 15, lsmgen does not.\n"
	"--explain lists each LSM, its symbol's value and whether it counted.\n"
	"\n";
