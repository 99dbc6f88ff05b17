/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Latency benchmark: median and p99 wall time of the
 * test build's prolog and epilog, each run as a fresh process the way slurmd
 * runs it, beside a /bin/sh script that only writes the fake sysctl and an
 * empty static program (the cost of creating a process), interleaved in the
 * same run. State and fake sysctl live on tmpfs (like /run). Prints
 * numbers; never fails on timing.
 * Usage: bench HELPER_TEST_BIN EMPTY_BIN RUNS */
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

enum { PROLOG, EPILOG, SH_SET, SH_RESTORE, EMPTY, KINDS };
static const char *names[KINDS] = { "prolog", "epilog", "sh write 0", "sh write 1",
                                    "empty" };

static char dir[256], sysctl[300], state[300], script[300];
static char env_sysctl[320], env_state[320];
static char *envp[] = { env_sysctl, env_state, "NB_TEST_VMSTAT=/proc/vmstat", NULL };

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
static double timed(char *const argv[], double *cpu)
{
	double t0 = now_ms();
	struct rusage ru;
	int status;
	pid_t pid;

	if (posix_spawn(&pid, argv[0], NULL, NULL, argv, envp) != 0 ||
	    wait4(pid, &status, 0, &ru) != pid)
		die("spawn");
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		die("a run failed");
	*cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
	return now_ms() - t0;
}

static void setup(void)
{
	const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
	FILE *f;

	snprintf(dir, sizeof(dir), "%s/nb-bench.XXXXXX", base);
	if (!mkdtemp(dir) || chmod(dir, 0755) != 0)
		die("mkdtemp");
	snprintf(sysctl, sizeof(sysctl), "%s/sysctl", dir);
	snprintf(state, sizeof(state), "%s/st", dir);
	snprintf(script, sizeof(script), "%s/write.sh", dir);
	snprintf(env_sysctl, sizeof(env_sysctl), "NB_TEST_SYSCTL=%s", sysctl);
	snprintf(env_state, sizeof(env_state), "NB_TEST_STATE_DIR=%s", state);
	if (mkdir(state, 0755) != 0 || !(f = fopen(sysctl, "w")))
		die("setup");
	fputs("1\n", f);
	fclose(f);
	if (!(f = fopen(script, "w")))
		die("script");
	fputs("#!/bin/sh\necho \"$1\" >\"$NB_TEST_SYSCTL\"\n", f);
	fclose(f);
}

static void teardown(void)
{
	char p[400];

	snprintf(p, sizeof(p), "%s/lock", state);
	unlink(p);
	rmdir(state);
	unlink(sysctl);
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

int main(int argc, char **argv)
{
	static double t[KINDS][100000], cpu[KINDS][100000];
	double median[KINDS];
	char job[16];
	int runs;

	if (argc != 4 || (runs = atoi(argv[3])) < 1 || runs > 100000)
		die("usage: bench HELPER_TEST_BIN EMPTY_BIN RUNS(1..100000)");
	setup();
	char *prolog[] = { argv[1], "prolog", "--job", job, "--value", "0", NULL };
	char *epilog[] = { argv[1], "epilog", "--job", job, NULL };
	char *set[] = { "/bin/sh", script, "0", NULL };
	char *restore[] = { "/bin/sh", script, "1", NULL };
	char *empty[] = { argv[2], NULL };
	for (int i = 0; i < runs; i++) {
		snprintf(job, sizeof(job), "%d", i + 1);
		t[PROLOG][i] = timed(prolog, &cpu[PROLOG][i]);
		t[EPILOG][i] = timed(epilog, &cpu[EPILOG][i]);
		t[SH_SET][i] = timed(set, &cpu[SH_SET][i]);
		t[SH_RESTORE][i] = timed(restore, &cpu[SH_RESTORE][i]);
		t[EMPTY][i] = timed(empty, &cpu[EMPTY][i]);
	}
	teardown();
	printf("bench-helper: %d runs each, interleaved; state and fake sysctl on %s\n", runs,
	       strncmp(dir, "/dev/shm", 8) == 0 ? "tmpfs (/dev/shm)" : "/tmp");
	for (int k = 0; k < KINDS; k++)
		report(names[k], t[k], cpu[k], runs, &median[k]);
	for (int k = PROLOG; k <= EPILOG; k++)
		printf("  %s: median %.3f ms %s 2 ms, %.2fx the shell script's median, "
		       "%.3f ms above the empty program's\n", names[k], median[k],
		       median[k] <= 2.0 ? "<=" : ">", median[k] / median[SH_SET],
		       median[k] - median[EMPTY]);
	return 0;
}
