/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Latency benchmark: median and p99 wall time of the
 * test build's prolog and epilog, each run as a fresh process the way slurmd
 * runs it, beside a /bin/sh script that only writes the fake sysctl, an
 * empty static program (the cost of creating a process) and, if given, an
 * older commit's test build (its own state and fake sysctl), interleaved
 * in the same run. State and fake sysctl live on tmpfs (like /run). Prints
 * numbers; never fails on timing.
 * Usage: bench HELPER_TEST_BIN EMPTY_BIN RUNS [OLD_HELPER_TEST_BIN] */
#include <math.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { PROLOG, EPILOG, SH_SET, SH_RESTORE, EMPTY, OLD_PROLOG, OLD_EPILOG, KINDS };
static const char *names[KINDS] = { "prolog", "epilog", "sh write 0", "sh write 1",
                                    "empty", "old prolog", "old epilog" };

/* The helper's state and sysctl, and the older build's (old: "o" files). */
static char dir[256], sysctl[2][300], state[2][300], script[300];
static char env_sysctl[2][320], env_state[2][320];
static char *envp[2][3] = {
	{ env_sysctl[0], env_state[0], NULL },
	{ env_sysctl[1], env_state[1], NULL },
};

static void die(const char *msg)
{
	fprintf(stderr, "bench: %s\n", msg);
	exit(1);
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Runs argv, returns its wall time in ms and stores its CPU time (user +
 * system) in *cpu; the exit status must be 0. */
static double timed(char *const argv[], int old, double *cpu)
{
	double t0 = now_ms();
	struct rusage ru;
	int status;
	pid_t pid;

	if (posix_spawn(&pid, argv[0], NULL, NULL, argv, envp[old]) != 0 ||
	    wait4(pid, &status, 0, &ru) != pid)
		die("spawn");
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		die("a run failed");
	*cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
	return now_ms() - t0;
}

/* One helper's fake sysctl (at 1) and state directory. */
static void setup_node(int old)
{
	FILE *f;

	snprintf(sysctl[old], sizeof(sysctl[old]), "%s/%ssysctl", dir, old ? "o" : "");
	snprintf(state[old], sizeof(state[old]), "%s/%sst", dir, old ? "o" : "");
	snprintf(env_sysctl[old], sizeof(env_sysctl[old]), "NB_TEST_SYSCTL=%s", sysctl[old]);
	snprintf(env_state[old], sizeof(env_state[old]), "NB_TEST_STATE_DIR=%s", state[old]);
	if (mkdir(state[old], 0755) != 0 || !(f = fopen(sysctl[old], "w")))
		die("setup");
	fputs("1\n", f);
	fclose(f);
}

static void setup(void)
{
	const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
	FILE *f;

	snprintf(dir, sizeof(dir), "%s/nb-bench.XXXXXX", base);
	if (!mkdtemp(dir) || chmod(dir, 0755) != 0)
		die("mkdtemp");
	setup_node(0);
	setup_node(1);
	snprintf(script, sizeof(script), "%s/write.sh", dir);
	if (!(f = fopen(script, "w")))
		die("script");
	fputs("#!/bin/sh\necho \"$1\" >\"$NB_TEST_SYSCTL\"\n", f);
	fclose(f);
}

static void teardown(void)
{
	char p[sizeof(state) + 8]; /* room for any of the paths */

	for (int old = 0; old < 2; old++) {
		snprintf(p, sizeof(p), "%s/lock", state[old]);
		unlink(p);
		rmdir(state[old]);
		unlink(sysctl[old]);
	}
	unlink(script);
	rmdir(dir);
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median_of(double *t, int n)
{
	qsort(t, (size_t)n, sizeof(*t), cmp);
	return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

static void report(const char *name, double *t, double *cpu, int n, double *median)
{
	*median = median_of(t, n);
	printf("  %-12s median %6.3f ms   p99 %6.3f ms   min %6.3f ms   max %6.3f ms   cpu median %6.3f ms\n",
	       name, *median, t[(int)ceil(0.99 * n) - 1], t[0], t[n - 1], median_of(cpu, n));
}

/* The comparisons the run is for: each against 2 ms, the shell script,
 * the empty program and, when it ran, the older build. */
static void compare(const double *median, int with_old)
{
	for (int k = PROLOG; k <= EPILOG; k++) {
		printf("  %s: median %.3f ms %s 2 ms, %.2fx the shell script's median, "
		       "%.3f ms above the empty program's", names[k], median[k],
		       median[k] <= 2.0 ? "<=" : ">", median[k] / median[SH_SET],
		       median[k] - median[EMPTY]);
		if (with_old)
			printf(", %.2fx the older build's", median[k] / median[k + OLD_PROLOG]);
		putchar('\n');
	}
}

int main(int argc, char **argv)
{
	static double t[KINDS][100000], cpu[KINDS][100000];
	double median[KINDS];
	char job[16];
	int runs, with_old = argc == 5;

	if ((argc != 4 && argc != 5) || (runs = atoi(argv[3])) < 1 || runs > 100000)
		die("usage: bench HELPER_TEST_BIN EMPTY_BIN RUNS(1..100000) [OLD_HELPER_TEST_BIN]");
	setup();
	char *prolog[] = { argv[1], "prolog", "--job", job, "--value", "0", NULL };
	char *epilog[] = { argv[1], "epilog", "--job", job, NULL };
	char *set[] = { "/bin/sh", script, "0", NULL };
	char *restore[] = { "/bin/sh", script, "1", NULL };
	char *empty[] = { argv[2], NULL };
	char *old_prolog[] = { argv[with_old ? 4 : 1], "prolog", "--job", job, "--value", "0", NULL };
	char *old_epilog[] = { argv[with_old ? 4 : 1], "epilog", "--job", job, NULL };
	for (int i = 0; i < runs; i++) {
		snprintf(job, sizeof(job), "%d", i + 1);
		t[PROLOG][i] = timed(prolog, 0, &cpu[PROLOG][i]);
		t[EPILOG][i] = timed(epilog, 0, &cpu[EPILOG][i]);
		t[SH_SET][i] = timed(set, 0, &cpu[SH_SET][i]);
		t[SH_RESTORE][i] = timed(restore, 0, &cpu[SH_RESTORE][i]);
		t[EMPTY][i] = timed(empty, 0, &cpu[EMPTY][i]);
		if (with_old) {
			t[OLD_PROLOG][i] = timed(old_prolog, 1, &cpu[OLD_PROLOG][i]);
			t[OLD_EPILOG][i] = timed(old_epilog, 1, &cpu[OLD_EPILOG][i]);
		}
	}
	teardown();
	printf("bench-helper: %d runs each, interleaved; state and fake sysctl on %s\n", runs,
	       strncmp(dir, "/dev/shm", 8) == 0 ? "tmpfs (/dev/shm)" : "/tmp");
	if (with_old)
		printf("  older build: %s\n", argv[4]);
	for (int k = 0; k < (with_old ? KINDS : OLD_PROLOG); k++)
		report(names[k], t[k], cpu[k], runs, &median[k]);
	compare(median, with_old);
	return 0;
}
