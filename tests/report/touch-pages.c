/* touch-pages.c - the test suite's stand-in for a site's application under
 * `numa-balancing-validate --command`: maps MIB MiB of base pages
 * (MADV_NOHUGEPAGE, so each page is its own PTE), writes one byte of every
 * page PASSES times and prints the time it took. The work per page is tiny,
 * so the cost of NUMA-balancing hint faults (every page the scanner marked
 * faults on its next touch, even on a one-node machine) shows in the wall
 * time.
 *   touch-pages MIB PASSES */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

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

int main(int argc, char **argv)
{
	long mib = argc == 3 ? arg(argv[1], 1L << 20) : -1;
	long passes = argc == 3 ? arg(argv[2], 1L << 30) : -1;
	if (mib < 0 || passes < 0) {
		fprintf(stderr, "usage: touch-pages MIB PASSES (positive integers)\n");
		return 2;
	}
	size_t page = (size_t)sysconf(_SC_PAGESIZE), len = (size_t)mib << 20;
	volatile char *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
	                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("touch-pages: mmap");
		return 1;
	}
	madvise((void *)p, len, MADV_NOHUGEPAGE);
	double t0 = now_s();
	for (long i = 0; i < passes; i++)
		for (size_t off = 0; off < len; off += page)
			p[off]++;
	printf("touch-pages: %ld MiB, %ld passes, %.3f s\n", mib, passes,
	       now_s() - t0);
	return 0;
}
