/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: running a program the way the plugin runs the helper (fixed
 * environment, /dev/null on fds 0-1, stderr captured, no other fds, killed
 * with its process group at the timeout). Each test writes a tiny shell
 * script standing in for the helper. Every test runs with the fork
 * starter (glibc before 2.34), and with posix_spawn where this build has
 * it. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check_suites.h"
#include "nb_spawn.h"

static char dir[] = "/tmp/nb-spawn-XXXXXX";
static char script[sizeof(dir) + 16];
static char *const envp[] = { "PATH=/usr/bin:/bin", "LC_ALL=C", NULL };
static nb_start_fn start;

static void setup(void)
{
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(script, sizeof(script), "%s/helper", dir);
}

static void teardown(void)
{
	unlink(script);
	rmdir(dir);
}

static void write_script(const char *body)
{
	FILE *f = fopen(script, "w");

	ck_assert_ptr_nonnull(f);
	fprintf(f, "#!/bin/sh\n%s\n", body);
	fclose(f);
	ck_assert_int_eq(chmod(script, 0755), 0);
}

static void run_script(const char *arg, unsigned timeout_s, struct nb_run *run)
{
	char *const argv[] = { script, (char *)arg, NULL };

	nb_spawn_run_with(start, argv, envp, timeout_s, run);
}

START_TEST(exit_code_and_stderr)
{
	struct nb_run run;

	write_script("echo out; echo \"first $1\" >&2; echo second >&2; exit 3");
	run_script("arg", 5, &run);
	ck_assert_int_eq(run.spawn_errno, 0);
	ck_assert(!run.timed_out);
	ck_assert(WIFEXITED(run.status));
	ck_assert_int_eq(WEXITSTATUS(run.status), 3);
	ck_assert_str_eq(run.err.text, "first arg\nsecond\n");
}
END_TEST

static char lines[4][64];
static int nlines;

static void collect(void *ctx, const char *line)
{
	(void)ctx;
	if (nlines < 4)
		snprintf(lines[nlines], sizeof(lines[0]), "%s", line);
	nlines++;
}

/* A host process (slurmstepd, a test harness) that ignores SIGCHLD: the
 * exit status still arrives, and the host keeps its setting. */
START_TEST(host_ignores_sigchld)
{
	struct sigaction ign, now;
	struct nb_run run;

	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	ck_assert_int_eq(sigaction(SIGCHLD, &ign, NULL), 0);
	write_script("echo ran >&2; exit 3");
	run_script(NULL, 5, &run);
	ck_assert_int_eq(run.spawn_errno, 0);
	ck_assert(WIFEXITED(run.status));
	ck_assert_int_eq(WEXITSTATUS(run.status), 3);
	ck_assert_str_eq(run.err.text, "ran\n");
	ck_assert_int_eq(sigaction(SIGCHLD, NULL, &now), 0);
	ck_assert(now.sa_handler == SIG_IGN);
}
END_TEST

START_TEST(split_lines)
{
	struct nb_output out = { .text = "one\n\ntwo\nthree", .len = 14 };

	nlines = 0;
	nb_output_lines(&out, collect, NULL);
	ck_assert_int_eq(nlines, 3);
	ck_assert_str_eq(lines[0], "one");
	ck_assert_str_eq(lines[1], "two");
	ck_assert_str_eq(lines[2], "three");
}
END_TEST

START_TEST(only_the_fixed_environment)
{
	struct nb_run run;

	setenv("NB_SHOULD_NOT_LEAK", "1", 1);
	/* dash exports PWD itself; everything else must come from envp. */
	write_script("exec /usr/bin/env -u PWD >&2");
	run_script(NULL, 5, &run);
	ck_assert_int_eq(WEXITSTATUS(run.status), 0);
	ck_assert_str_eq(run.err.text, "PATH=/usr/bin:/bin\nLC_ALL=C\n");
}
END_TEST

/* fds 0 and 1 are /dev/null and an fd the caller left open is closed. */
START_TEST(stdio_and_no_leaked_fds)
{
	struct nb_run run;
	int leak = open("/dev/zero", O_RDONLY);
	char leak_s[16];

	ck_assert_int_ge(leak, 3);
	snprintf(leak_s, sizeof(leak_s), "%d", leak);
	/* $(...) leaves the shell's own fds alone; a plain >&2 would not. */
	write_script("i=$(readlink /proc/$$/fd/0); o=$(readlink /proc/$$/fd/1);"
		     " echo \"$i $o\" >&2; [ -e /proc/$$/fd/$1 ] && echo leaked >&2;"
		     " exit 0");
	run_script(leak_s, 5, &run);
	close(leak);
	ck_assert_int_eq(WEXITSTATUS(run.status), 0);
	ck_assert_str_eq(run.err.text, "/dev/null /dev/null\n");
}
END_TEST

/* Many descriptors open (several batches of /proc/self/fd's listing): the
 * program still sees 0-2 only (and the one ls opens to list them). */
START_TEST(only_stdio_with_many_fds_open)
{
	struct nb_run run;

	for (int i = 0; i < 300; i++)
		ck_assert_int_ge(open("/dev/null", O_RDONLY), 3);
	write_script("exec /bin/ls /proc/self/fd >&2");
	run_script(NULL, 5, &run);
	ck_assert_int_eq(WEXITSTATUS(run.status), 0);
	ck_assert_str_eq(run.err.text, "0\n1\n2\n3\n");
}
END_TEST

/* Ignored and blocked signals in the host come back to their defaults.
 * glibc keeps its own signals 32 and 33 (thread cancellation, setxid)
 * ignored in a posix_spawn child, and refuses to touch them in sigaction:
 * they are left out. */
START_TEST(signals_at_default)
{
	const unsigned long long libc_own = 3ULL << 31;
	unsigned long long blocked = 1, ignored = 1;
	struct nb_run run;
	sigset_t usr1;

	ck_assert(signal(SIGTERM, SIG_IGN) != SIG_ERR);
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	ck_assert_int_eq(sigprocmask(SIG_BLOCK, &usr1, NULL), 0);
	write_script("grep -E '^Sig(Blk|Ign)' /proc/self/status >&2");
	run_script(NULL, 5, &run);
	ck_assert_int_eq(WEXITSTATUS(run.status), 0);
	ck_assert_int_eq(sscanf(run.err.text, "SigBlk: %llx SigIgn: %llx", &blocked, &ignored), 2);
	ck_assert_uint_eq(blocked, 0);
	ck_assert_uint_eq(ignored & ~libc_own, 0);
}
END_TEST

/* slurmstepd runs the prolog with fd 0 closed: the pipe must not land on
 * fds 0-2 and be clobbered. */
START_TEST(caller_without_stdin)
{
	struct nb_run run;

	close(STDIN_FILENO);
	write_script("echo fine >&2; exit 0");
	run_script(NULL, 5, &run);
	ck_assert_int_eq(WEXITSTATUS(run.status), 0);
	ck_assert_str_eq(run.err.text, "fine\n");
}
END_TEST

static bool gone(pid_t pid)
{
	char path[64], state = '?';
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (f == NULL)
		return true;
	if (fscanf(f, "%*d (%*[^)]) %c", &state) != 1)
		state = '?';
	fclose(f);
	return state == 'Z' || state == 'X';
}

START_TEST(timeout_kills_the_group)
{
	struct nb_run run;
	struct timespec t0, t1;
	int child = 0;

	write_script("sleep 30 & echo $! >&2; sleep 30");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	run_script(NULL, 1, &run);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	ck_assert(run.timed_out);
	ck_assert(WIFSIGNALED(run.status));
	ck_assert_int_lt(t1.tv_sec - t0.tv_sec, 5);
	ck_assert_int_eq(sscanf(run.err.text, "%d", &child), 1);
	for (int i = 0; i < 100 && !gone(child); i++)
		usleep(10000);
	ck_assert_msg(gone(child), "background child %d survived", child);
}
END_TEST

START_TEST(closed_stderr_still_times_out)
{
	struct nb_run run;

	write_script("exec 2>&-; sleep 30");
	run_script(NULL, 1, &run);
	ck_assert(run.timed_out);
}
END_TEST

START_TEST(signal_reported)
{
	struct nb_run run;

	write_script("kill -TERM $$");
	run_script(NULL, 5, &run);
	ck_assert(!run.timed_out);
	ck_assert(WIFSIGNALED(run.status));
	ck_assert_int_eq(WTERMSIG(run.status), SIGTERM);
}
END_TEST

START_TEST(missing_program)
{
	struct nb_run run;
	char *const argv[] = { "/nonexistent/numa-balancing-helper", NULL };

	nb_spawn_run_with(start, argv, envp, 5, &run);
	ck_assert_int_eq(run.spawn_errno, ENOENT);
}
END_TEST

START_TEST(not_executable)
{
	struct nb_run run;

	write_script("exit 0");
	ck_assert_int_eq(chmod(script, 0644), 0);
	run_script(NULL, 5, &run);
	ck_assert_int_eq(run.spawn_errno, EACCES);
}
END_TEST

START_TEST(long_output_is_truncated_not_blocking)
{
	struct nb_run run;

	write_script("head -c 100000 /dev/zero | tr '\\0' x >&2; exit 0");
	run_script(NULL, 5, &run);
	ck_assert(!run.timed_out);
	ck_assert_int_eq(WEXITSTATUS(run.status), 0);
	ck_assert(run.err.truncated);
	ck_assert_uint_eq(run.err.len, NB_OUTPUT_MAX);
	ck_assert_uint_eq(strlen(run.err.text), NB_OUTPUT_MAX);
}
END_TEST

static void with_fork(void)
{
	start = nb_start_fork;
}

#ifdef NB_HAVE_CLOSEFROM
static void with_spawn(void)
{
	start = nb_start_spawn;
}
#endif

static TCase *spawn_case(const char *name, void (*starter)(void))
{
	TCase *tc = tcase_create(name);

	tcase_add_checked_fixture(tc, starter, NULL);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 20);
	tcase_add_test(tc, exit_code_and_stderr);
	tcase_add_test(tc, host_ignores_sigchld);
	tcase_add_test(tc, split_lines);
	tcase_add_test(tc, only_the_fixed_environment);
	tcase_add_test(tc, stdio_and_no_leaked_fds);
	tcase_add_test(tc, only_stdio_with_many_fds_open);
	tcase_add_test(tc, signals_at_default);
	tcase_add_test(tc, caller_without_stdin);
	tcase_add_test(tc, timeout_kills_the_group);
	tcase_add_test(tc, closed_stderr_still_times_out);
	tcase_add_test(tc, signal_reported);
	tcase_add_test(tc, missing_program);
	tcase_add_test(tc, not_executable);
	tcase_add_test(tc, long_output_is_truncated_not_blocking);
	return tc;
}

Suite *spawn_suite(void)
{
	Suite *s = suite_create("spawn");

	suite_add_tcase(s, spawn_case("fork", with_fork));
#ifdef NB_HAVE_CLOSEFROM
	suite_add_tcase(s, spawn_case("posix_spawn", with_spawn));
#endif
	return s;
}
