/* SPDX-License-Identifier: GPL-2.0 */
/*
 * active_slots.h: for init.c and bpftest.c, one line "lsmbpf: WHEN: bpf slots on: N:
 * hook hook ..." (the first eight) from /proc/lsm_active_slots, which
 * tests/kernel/slot-report.patch adds: one "hook lsm" line per slot whose key is on.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void bpf_slots(const char *when)
{
	char line[256], hooks[1200] = "", hook[128], lsm[64];
	int n = 0;
	FILE *f = fopen("/proc/lsm_active_slots", "r");

	if (!f) {
		dprintf(1, "lsmbpf: %s: bpf slots on: no /proc/lsm_active_slots\n", when);
		return;
	}
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%127s %63s", hook, lsm) == 2 && !strcmp(lsm, "bpf") &&
		    ++n <= 8)
			snprintf(hooks + strlen(hooks), sizeof(hooks) - strlen(hooks), " %s", hook);
	fclose(f);
	dprintf(1, "lsmbpf: %s: bpf slots on: %d:%s%s\n", when, n, hooks, n > 8 ? " ..." : "");
}
