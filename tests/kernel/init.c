// SPDX-License-Identifier: GPL-2.0
/*
 * init.c: PID 1 of the test kernels that tests/kernel/run boots. It goes through the
 * LSM hooks a system reaches in its first second (files, directories, xattrs, mounts,
 * sockets, pipes, exec, prctl, mmap, the LSM syscalls and /proc/self/attr), prints
 * what each call returned, makes Landlock deny a read, and reboots (QEMU runs with
 * -no-reboot, so that ends the run). Every line it prints starts with "lsmtest: " and
 * must be the same on the stock kernel and on every lsmgen variant booted with the same
 * lsm= choice. Static, no library beyond libc, so the initramfs holds this one file
 * (and, in the BPF row, /bpftest and its program, which it runs last).
 *
 * "init cost" (the kernel's command line ends "-- cost") instead times system calls
 * that reach many hooks: QEMU runs with -icount shift=0,sleep=off, where the guest's
 * TSC advances one per instruction executed, so rdtsc around a loop counts
 * instructions. Its lines start with "lsmcost: ".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/reboot.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <netinet/in.h>
#include <unistd.h>

#include "active_slots.h"

/* x86-64 numbers, so the program needs no kernel headers newer than the C library's */
#define NR_landlock_create_ruleset 444
#define NR_landlock_restrict_self 446
#define NR_lsm_get_self_attr 459
#define NR_lsm_list_modules 461
#define LANDLOCK_ACCESS_FS_READ_FILE (1ULL << 2)
#define LSM_ATTR_CURRENT 100

static void say(const char *fmt, ...)
{
	char line[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	/*
	 * One write per line. A kernel message can still land inside it (the serial
	 * driver sends the line a FIFO at a time, the console thread prints between):
	 * tests/kernel/run boots with printk.time=1 and takes the stamped records out.
	 */
	dprintf(1, "lsmtest: %s\n", line);
}

/* "0" or "-EACCES": what a call returned, as the kernel would say it */
static const char *result(long rc)
{
	static char buf[64];

	if (rc >= 0)
		snprintf(buf, sizeof(buf), "%ld", rc);
	else
		snprintf(buf, sizeof(buf), "-%s", strerrorname_np(errno) ? strerrorname_np(errno) : "?");
	return buf;
}

static void files(void)
{
	char buf[64] = "";
	int fd;

	say("mount tmpfs /tmp: %s", result(mount("tmpfs", "/tmp", "tmpfs", 0, "size=1m,mode=1777")));
	say("mkdir: %s", result(mkdir("/tmp/d", 0755)));
	fd = open("/tmp/d/f", O_CREAT | O_RDWR, 0644);
	say("create: %s", fd >= 0 ? "ok" : result(fd));
	say("write: %s", result(write(fd, "hello", 5)));
	say("lseek: %s", result(lseek(fd, 0, SEEK_SET)));
	say("read: %s", result(read(fd, buf, sizeof(buf) - 1)));
	say("fchmod: %s", result(fchmod(fd, 0600)));
	say("ftruncate: %s", result(ftruncate(fd, 2)));
	say("setxattr user: %s", result(fsetxattr(fd, "user.lsmtest", "v", 1, 0)));
	say("listxattr: %s", result(flistxattr(fd, buf, sizeof(buf)) >= 0 ? 0 : -1));
	say("ioctl-free fcntl: %s", result(fcntl(fd, F_GETFL) >= 0 ? 0 : -1));
	close(fd);
	say("link: %s", result(link("/tmp/d/f", "/tmp/d/g")));
	say("rename: %s", result(rename("/tmp/d/g", "/tmp/d/h")));
	say("symlink: %s", result(symlink("f", "/tmp/d/s")));
	say("unlink: %s", result(unlink("/tmp/d/h")));
	say("mknod fifo: %s", result(mknod("/tmp/d/p", S_IFIFO | 0600, 0)));
	say("chown: %s", result(chown("/tmp/d/f", 1, 1)));
	say("rmdir non-empty: %s", result(rmdir("/tmp/d")));
	say("mount tmpfs bad option: %s", result(mount("tmpfs", "/mnt", "tmpfs", 0, "nosuchopt")));
	say("mount tmpfs /mnt: %s", result(mount("tmpfs", "/mnt", "tmpfs", 0, "size=1m")));
	say("umount /mnt: %s", result(umount("/mnt")));
}

static void sockets_and_pipes(void)
{
	int sv[2], p[2], s;
	char c = 0;
	struct sockaddr_in in = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };

	say("socketpair unix: %s", result(socketpair(AF_UNIX, SOCK_STREAM, 0, sv)));
	say("send: %s", result(send(sv[0], "x", 1, 0)));
	say("recv: %s", result(recv(sv[1], &c, 1, 0)));
	close(sv[0]);
	close(sv[1]);
	s = socket(AF_INET, SOCK_DGRAM, 0);
	say("socket inet: %s", s >= 0 ? "ok" : result(s));
	say("bind inet: %s", result(bind(s, (struct sockaddr *)&in, sizeof(in))));
	close(s);
	say("pipe: %s", result(pipe(p)));
	say("pipe write: %s", result(write(p[1], "y", 1)));
	say("pipe read: %s", result(read(p[0], &c, 1)));
	close(p[0]);
	close(p[1]);
}

static void tasks(char *self)
{
	char name[16] = "";
	pid_t pid;
	int status = 0;
	void *m;

	say("prctl set name: %s", result(prctl(PR_SET_NAME, "lsmtest")));
	say("prctl get name: %s", result(prctl(PR_GET_NAME, name)));
	say("prctl bad option: %s", result(prctl(0x7fffffff, 0, 0, 0, 0)));
	m = mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	say("mmap 1M: %s", m != MAP_FAILED ? "ok" : result(-1));
	pid = fork();
	if (pid == 0) {
		char *argv[] = { self, "exec-child", NULL };

		execv("/init", argv);
		_exit(127);
	}
	waitpid(pid, &status, 0);
	say("exec child: exit %d", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	say("setuid(0): %s", result(setuid(0)));
}

/* What each LSM says the current task is: the LSM syscalls and /proc/self/attr. */
static void attributes(void)
{
	uint64_t ids[32];
	uint32_t size = sizeof(ids);
	long n = syscall(NR_lsm_list_modules, ids, &size, 0);
	char line[256] = "", buf[256];
	int fd;

	for (long i = 0; i < n && i < 32; i++)
		snprintf(line + strlen(line), sizeof(line) - strlen(line), " %llu",
			 (unsigned long long)ids[i]);
	say("lsm_list_modules: %s:%s", result(n), line);
	size = sizeof(buf);
	say("lsm_get_self_attr current: %s",
	    result(syscall(NR_lsm_get_self_attr, LSM_ATTR_CURRENT, buf, &size, 0)));
	fd = open("/proc/self/attr/current", O_RDONLY);
	if (fd >= 0) {
		long r = read(fd, buf, sizeof(buf) - 1);

		say("/proc/self/attr/current: %s", result(r));
		close(fd);
	} else {
		say("/proc/self/attr/current: open %s", result(fd));
	}
	fd = open("/proc/self/attr/current", O_WRONLY);
	say("write /proc/self/attr/current: %s", fd >= 0 ? result(write(fd, "x", 1)) : result(fd));
	if (fd >= 0)
		close(fd);
}

/* Landlock: a ruleset that handles file reads and allows none; the read must fail. */
static void landlock(void)
{
	uint64_t attr = LANDLOCK_ACCESS_FS_READ_FILE;
	pid_t pid = fork();
	int status = 0;

	if (pid == 0) {
		int rs = syscall(NR_landlock_create_ruleset, &attr, sizeof(attr), 0);

		if (rs < 0 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
		    syscall(NR_landlock_restrict_self, rs, 0)) {
			say("landlock: cannot restrict: %s", result(-1));
			_exit(1);
		}
		int fd = open("/tmp/d/f", O_RDONLY);

		say("landlock read after restrict: %s", fd >= 0 ? "ok" : result(fd));
		_exit(0);
	}
	waitpid(pid, &status, 0);
	int fd = open("/tmp/d/f", O_RDONLY);

	say("read outside the sandbox: %s", fd >= 0 ? "ok" : result(fd));
	if (fd >= 0)
		close(fd);
}

/* Instructions so far: the TSC under -icount shift=0 (a clock elsewhere). */
static uint64_t ticks(void)
{
#if defined(__x86_64__)
	uint32_t lo, hi;

	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return (uint64_t)hi << 32 | lo;
#else
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
#endif
}

static int cost_fd[2];

static void cost_getppid(void)
{
	syscall(SYS_getppid);
}

static void cost_open_close(void)
{
	close(open("/tmp/cost", O_RDONLY));
}

static void cost_stat(void)
{
	struct stat st;

	stat("/tmp/cost", &st);
}

static void cost_pipe(void)
{
	char c = 0;

	if (write(cost_fd[1], "c", 1) != 1 || read(cost_fd[0], &c, 1) != 1)
		say("pipe: %s", result(-1));
}

static void cost_socket(void)
{
	close(socket(AF_UNIX, SOCK_STREAM, 0));
}

static void cost_mmap(void)
{
	void *m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	*(volatile char *)m = 1;	/* fault the page in */
	munmap(m, 4096);
}

static void cost_fork(void)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(0);
	waitpid(pid, NULL, 0);
}

static int by_value(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

#define CHUNKS 21

/*
 * Instructions per iteration of fn: the median of CHUNKS timed runs of n iterations each,
 * after a few to warm up. A timer interrupt (some thousand instructions) lands in a few
 * runs; the median is a run without one, so kernels compare by their code, not by where
 * their ticks fell.
 */
static double per_iteration(void (*fn)(void), int n)
{
	uint64_t t[CHUNKS];

	for (int j = 0; j < 10; j++)
		fn();
	for (int c = 0; c < CHUNKS; c++) {
		uint64_t t0 = ticks();

		for (int j = 0; j < n; j++)
			fn();
		t[c] = ticks() - t0;
	}
	qsort(t, CHUNKS, sizeof(*t), by_value);
	return (double)t[CHUNKS / 2] / n;
}

/* 200000 instructions, to check the unit */
static void known_loop(void)
{
#if defined(__x86_64__)
	unsigned long k = 100000;

	__asm__ volatile("1: dec %0; jnz 1b" : "+r"(k));	/* two instructions a turn */
#endif
}

static void cost(void)
{
	static const struct {
		const char *name;
		void (*fn)(void);
		int n;
	} loops[] = {
		{ "getppid", cost_getppid, 100 },
		{ "open+close", cost_open_close, 100 },
		{ "stat", cost_stat, 100 },
		{ "pipe write+read", cost_pipe, 100 },
		{ "socket+close", cost_socket, 50 },
		{ "mmap+munmap", cost_mmap, 50 },
		{ "fork+exit+wait", cost_fork, 10 },
	};

	mount("tmpfs", "/tmp", "tmpfs", 0, "size=1m,mode=1777");
	close(open("/tmp/cost", O_CREAT | O_RDWR, 0644));
	if (pipe(cost_fd))
		say("pipe: %s", result(-1));
	dprintf(1, "lsmcost: unit: %.0f for 200000 instructions\n", per_iteration(known_loop, 1));
	for (size_t i = 0; i < sizeof(loops) / sizeof(*loops); i++)
		dprintf(1, "lsmcost: %s: %.1f\n", loops[i].name,
			per_iteration(loops[i].fn, loops[i].n));
	dprintf(1, "lsmcost: done\n");
}

/* The BPF row's loader (tests/kernel/bpftest.c), when the initramfs has it. */
static void bpf_program(void)
{
	char *argv[] = { "/bpftest", NULL };
	int status = 0;
	pid_t pid;

	if (access("/bpftest", X_OK))
		return;
	pid = fork();
	if (pid == 0) {
		execv(argv[0], argv);
		_exit(127);
	}
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		dprintf(1, "lsmbpf: bpftest failed (status %d)\n", status);
}

int main(int argc, char **argv)
{
	char lsms[256] = "";
	int fd;

	if (argc > 1 && !strcmp(argv[1], "exec-child"))
		return 3;
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("securityfs", "/sys/kernel/security", "securityfs", 0, NULL);
	fd = open("/sys/kernel/security/lsm", O_RDONLY);
	if (fd >= 0) {
		long n = read(fd, lsms, sizeof(lsms) - 1);

		lsms[n > 0 ? n : 0] = '\0';
		close(fd);
	}
	if (argc > 1 && !strcmp(argv[1], "cost")) {
		cost();
		sync();
		reboot(RB_AUTOBOOT);
		return 0;
	}
	say("start");
	say("lsm: %s", lsms);
	bpf_slots("boot");
	files();
	sockets_and_pipes();
	tasks(argv[0]);
	attributes();
	landlock();
	bpf_program();
	say("done");
	sync();
	reboot(RB_AUTOBOOT);
	return 0;
}
