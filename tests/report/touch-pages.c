/* SPDX-License-Identifier: GPL-2.0-or-later */
/* touch-pages.c - the test suite's stand-in for a site's application under
 * `numa-balancing-validate --command`: maps MIB MiB of base pages
 * (MADV_NOHUGEPAGE, so each page is its own PTE), and THREADS threads each
 * write one byte of every page of their share PASSES times; prints the
 * time it took. The work per page is tiny, so the cost of NUMA-balancing
 * hint faults (every page the scanner marked faults on its next touch,
 * even on a one-node machine) shows in the wall time. Use two threads or
 * more: the kernel here (6.18) never scanned a one-threaded process.
 *   touch-pages MIB PASSES THREADS */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define MAX_THREADS 256

struct share {
	volatile char *start;
	size_t len, page;
	long passes;
};

static long arg(const char *s, long max)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	return errno || *end || v < 1 || v > max ? -1 : v;
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void *touch(void *arg)
{
	const struct share *s = arg;
	for (long i = 0; i < s->passes; i++)
		for (size_t off = 0; off < s->len; off += s->page)
			s->start[off]++;
	return NULL;
}

/* Runs `threads` threads over equal shares of p; 0, or -1 on an error. */
static int run(volatile char *p, size_t len, long passes, long threads)
{
	pthread_t tid[MAX_THREADS];
	struct share share[MAX_THREADS];
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t chunk = (len / page + (size_t)threads - 1) / (size_t)threads * page;
	long started = 0;
	int rc = 0;

	for (long t = 0; t < threads; t++) {
		size_t off = (size_t)t * chunk;
		share[t] = (struct share){ p + off, off < len ? len - off : 0,
		                           page, passes };
		if (share[t].len > chunk)
			share[t].len = chunk;
		if (pthread_create(&tid[t], NULL, touch, &share[t]) != 0) {
			perror("touch-pages: pthread_create");
			rc = -1;
			break;
		}
		started++;
	}
	for (long t = 0; t < started; t++)
		pthread_join(tid[t], NULL);
	return rc;
}

int main(int argc, char **argv)
{
	long mib = argc == 4 ? arg(argv[1], 1L << 20) : -1;
	long passes = argc == 4 ? arg(argv[2], 1L << 30) : -1;
	long threads = argc == 4 ? arg(argv[3], MAX_THREADS) : -1;
	if (mib < 0 || passes < 0 || threads < 0) {
		fprintf(stderr, "usage: touch-pages MIB PASSES THREADS (positive "
		        "integers, at most %d threads)\n", MAX_THREADS);
		return 2;
	}
	size_t len = (size_t)mib << 20;
	volatile char *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
	                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("touch-pages: mmap");
		return 1;
	}
	madvise((void *)p, len, MADV_NOHUGEPAGE);
	double t0 = now_s();
	if (run(p, len, passes, threads) != 0)
		return 1;
	printf("touch-pages: %ld MiB, %ld passes, %ld threads, %.3f s\n", mib,
	       passes, threads, now_s() - t0);
	return 0;
}
