/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fault-probe: what NUMA balancing does to the calling process. Maps MIB
 * MiB of base pages, and THREADS threads write one byte of every page of
 * their share until each has run SECONDS seconds of CPU time (the kernel
 * scans no process with one thread here; it paces its scanning by the
 * task's CPU time, so a loaded machine makes the probe longer, not its
 * result smaller); then prints one line:
 *   faults=N mempolicy=P kernel=A..B
 * N is the sum of total_numa_faults over the process's threads (each
 * reads its own /proc/thread-self/sched before it ends): the NUMA hint
 * faults it took. P is the memory policy numa_maps shows for the buffer
 * ("default", "local", ...), A and B kernel.numa_balancing at start and
 * end.
 *   fault-probe SECONDS MIB THREADS */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define MAX_THREADS 16

struct share {
	volatile char *start;
	size_t len, page;
	double cpu_s;
	long faults;
};

/* The calling thread's CPU time. */
static double thread_cpu_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static long faults_of(const char *sched)
{
	char line[256];
	long n = 0;
	FILE *f = fopen(sched, "r");

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "total_numa_faults : %ld", &n) == 1)
			break;
	fclose(f);
	return n;
}

static void *touch(void *arg)
{
	struct share *s = arg;

	while (thread_cpu_s() < s->cpu_s)
		for (size_t off = 0; off < s->len; off += s->page)
			s->start[off]++;
	s->faults = faults_of("/proc/thread-self/sched");
	return NULL;
}

static long number(const char *s, long max)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	return errno != 0 || *end != '\0' || v < 1 || v > max ? -1 : v;
}

/* The policy word of the numa_maps line for the mapping that holds buf:
 * the last one starting at or below it (the kernel may have merged the
 * buffer with a neighbour, so no line need start at buf itself). */
static void policy_of(const void *buf, char *out, size_t len)
{
	char line[1024], word[32];
	unsigned long start;
	FILE *f = fopen("/proc/self/numa_maps", "r");

	snprintf(out, len, "unknown");
	if (f == NULL)
		return;
	while (fgets(line, sizeof(line), f) != NULL &&
	       sscanf(line, "%lx %31s", &start, word) == 2 && start <= (unsigned long)buf) {
		if (strchr(word, ':') != NULL)
			*strchr(word, ':') = '\0';
		snprintf(out, len, "%s", word);
	}
	fclose(f);
}

static int sysctl_value(void)
{
	FILE *f = fopen("/proc/sys/kernel/numa_balancing", "r");
	int v = -1;

	if (f != NULL) {
		if (fscanf(f, "%d", &v) != 1)
			v = -1;
		fclose(f);
	}
	return v;
}

int main(int argc, char **argv)
{
	pthread_t tid[MAX_THREADS];
	struct share share[MAX_THREADS];
	long seconds, mib, threads, faults;
	size_t page = (size_t)sysconf(_SC_PAGESIZE), len, chunk;
	char policy[32];
	char *buf;
	int start;

	if (argc != 4 || (seconds = number(argv[1], 3600)) < 0 ||
	    (mib = number(argv[2], 65536)) < 0 || (threads = number(argv[3], MAX_THREADS)) < 0) {
		fprintf(stderr, "usage: fault-probe SECONDS MIB THREADS (threads 1..%d)\n", MAX_THREADS);
		return 2;
	}
	start = sysctl_value();
	len = (size_t)mib << 20;
	buf = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (buf == MAP_FAILED || madvise(buf, len, MADV_NOHUGEPAGE) != 0) {
		perror("fault-probe: mmap");
		return 1;
	}
	chunk = (len / page + (size_t)threads - 1) / (size_t)threads * page;
	for (long t = 0; t < threads; t++) {
		size_t off = (size_t)t * chunk;

		share[t] = (struct share){ buf + off, off < len ? (len - off < chunk ? len - off : chunk) : 0,
					   page, (double)seconds, 0 };
		if (pthread_create(&tid[t], NULL, touch, &share[t]) != 0) {
			fprintf(stderr, "fault-probe: cannot start a thread\n");
			return 1;
		}
	}
	faults = faults_of("/proc/thread-self/sched");
	for (long t = 0; t < threads; t++) {
		pthread_join(tid[t], NULL);
		faults += share[t].faults;
	}
	policy_of(buf, policy, sizeof(policy));
	printf("faults=%ld mempolicy=%s kernel=%d..%d\n", faults, policy, start, sysctl_value());
	return 0;
}
