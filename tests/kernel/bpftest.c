// SPDX-License-Identifier: GPL-2.0
/*
 * bpftest.c: run by init in the BPF row. Loads deny.bpf.o (libbpf, static), and
 * before attaching it, attached, and after its link is closed prints which BPF LSM
 * slots are on (/proc/lsm_active_slots, from tests/kernel/slot-report.patch) and
 * what opening a marker file and another file returns. Then loads storage.bpf.o,
 * whose maps are BPF inode and task storage, and prints the slots once its maps
 * exist, while its program is attached (with the counts it stored for two opens)
 * and after. Lines start with "lsmbpf: ".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "active_slots.h"

static void say(const char *fmt, ...)
{
	char line[4096];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	dprintf(1, "lsmbpf: %s\n", line);
}

static const char *open_result(const char *path)
{
	static char buf[64];
	int fd = open(path, O_RDONLY);

	if (fd >= 0) {
		close(fd);
		return "ok";
	}
	snprintf(buf, sizeof(buf), "-%s", strerrorname_np(errno) ?: "?");
	return buf;
}

static void opens(const char *when)
{
	say("%s: open marker: %s", when, open_result("/tmp/marker"));
	say("%s: open other: %s", when, open_result("/tmp/other"));
}

/* The opens that storage.bpf.o counted in /tmp/other's inode storage and in this
 * task's task storage: both maps are read by a file descriptor of their object. */
static void stored_counts(struct bpf_object *obj, int other, int pidfd)
{
	unsigned long long in_inode = 0, in_task = 0;
	int a = bpf_map__lookup_elem(bpf_object__find_map_by_name(obj, "inode_opens"),
				     &other, sizeof(other), &in_inode, sizeof(in_inode), 0);
	int b = bpf_map__lookup_elem(bpf_object__find_map_by_name(obj, "task_opens"),
				     &pidfd, sizeof(pidfd), &in_task, sizeof(in_task), 0);

	say("storage attached: opens of other: %s%llu, opens by this task: %s%llu",
	    a ? "error " : "", a ? (unsigned long long)-a : in_inode,
	    b ? "error " : "", b ? (unsigned long long)-b : in_task);
}

/* storage.bpf.o: its maps switch on the storage hooks; its program counts two opens. */
static int storage(void)
{
	struct bpf_object *obj = bpf_object__open_file("/storage.bpf.o", NULL);
	struct bpf_link *link;
	int err = libbpf_get_error(obj), other, pidfd;

	if (!err)
		err = bpf_object__load(obj);
	say("storage load: %s", err ? strerror(-err) : "ok");
	if (err)
		return 1;
	bpf_slots("storage");
	other = open("/tmp/other", O_RDONLY);
	pidfd = syscall(SYS_pidfd_open, getpid(), 0);
	link = bpf_program__attach_lsm(bpf_object__find_program_by_name(obj, "count_opens"));
	say("storage attach: %s", libbpf_get_error(link) ? strerror(errno) : "ok");
	if (libbpf_get_error(link) || other < 0 || pidfd < 0)
		return 1;
	close(open("/tmp/other", O_RDONLY));
	close(open("/tmp/other", O_RDONLY));
	stored_counts(obj, other, pidfd);
	bpf_slots("storage attached");
	bpf_link__destroy(link);
	bpf_slots("storage detached");
	close(other);
	close(pidfd);
	bpf_object__close(obj);
	return 0;
}

int main(void)
{
	struct bpf_object *obj;
	struct bpf_program *prog;
	struct bpf_link *link;
	struct stat st;
	unsigned int key = 0;
	unsigned long long ino;
	int err;

	close(open("/tmp/marker", O_CREAT | O_RDWR, 0644));
	close(open("/tmp/other", O_CREAT | O_RDWR, 0644));
	if (stat("/tmp/marker", &st))
		return 1;
	ino = st.st_ino;
	bpf_slots("before");
	opens("before");
	obj = bpf_object__open_file("/deny.bpf.o", NULL);
	err = libbpf_get_error(obj);
	if (!err)
		err = bpf_object__load(obj);
	say("load: %s", err ? strerror(-err) : "ok");
	if (err)
		return 1;
	err = bpf_map__update_elem(bpf_object__find_map_by_name(obj, "marker"), &key,
				   sizeof(key), &ino, sizeof(ino), 0);
	prog = bpf_object__find_program_by_name(obj, "deny_marker");
	link = bpf_program__attach_lsm(prog);
	say("attach: %s", libbpf_get_error(link) ? strerror(errno) : "ok");
	if (libbpf_get_error(link))
		return 1;
	bpf_slots("attached");
	opens("attached");
	bpf_link__destroy(link);
	bpf_slots("detached");
	opens("detached");
	bpf_object__close(obj);
	return err || storage() ? 1 : 0;
}
