/* SPDX-License-Identifier: GPL-2.0-or-later */
/* refpattern.c - the lab's control: the memory pattern that makes automatic
 * NUMA balancing move pages, as a program of its own (not nbsim). One
 * thread per NUMA node, bound to it, writes its part of a shared buffer
 * (and so first-touches it on its node); after a barrier the master (the
 * thread on node 0) reads the whole buffer; after a second barrier it all
 * starts again, for --seconds. Accesses touch one 8-byte word per 64-byte
 * line. Writes one JSON object with the iterations and the /proc/vmstat
 * NUMA counters' deltas over the loop (a summary line on stderr); with
 * balancing on, the kernel moves the other nodes' parts toward the master
 * and back. */
#include "io/procfs.h"

#include <errno.h>
#include <jansson.h>
#include <numa.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define WORDS_PER_LINE 8 /* one access per 64-byte cache line */
#define EXIT_USAGE 2

struct options {
	long mib;
	long seconds;
	const char *out;
};

struct shared {
	uint64_t *buf;
	size_t words;     /* in the buffer */
	size_t part;      /* words per node's part */
	int nodes;
	long seconds;
	pthread_barrier_t barrier;
	int stop;         /* set by the master between the two barriers */
	uint64_t iterations;
	uint64_t checksum;
	double elapsed;
};

struct worker {
	struct shared *s;
	int node;
	pthread_t thread;
};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void write_part(const struct shared *s, int node, uint64_t iteration)
{
	uint64_t *p = s->buf + (size_t)node * s->part;
	for (size_t i = 0; i < s->part; i += WORDS_PER_LINE)
		p[i] = iteration ^ i;
}

static uint64_t read_all(const struct shared *s)
{
	uint64_t sum = 0;
	for (size_t i = 0; i < s->words; i += WORDS_PER_LINE)
		sum += s->buf[i];
	return sum;
}

/* The loop every node's thread runs; node 0's is the master. */
static void *run_node(void *arg)
{
	struct worker *w = arg;
	struct shared *s = w->s;
	double start = now();
	if (numa_run_on_node(w->node) != 0) {
		fprintf(stderr, "refpattern: cannot bind a thread to node %d: %s\n",
		        w->node, strerror(errno));
		exit(1);
	}
	for (uint64_t it = 0;; it++) {
		write_part(s, w->node, it);
		pthread_barrier_wait(&s->barrier);
		if (w->node == 0) {
			s->checksum += read_all(s);
			s->iterations = it + 1;
			s->elapsed = now() - start;
			s->stop = s->elapsed >= (double)s->seconds;
		}
		pthread_barrier_wait(&s->barrier);
		if (s->stop)
			return NULL;
	}
}

static long parse_long(const char *opt, const char *text, long min, long max)
{
	char *end;
	errno = 0;
	long v = strtol(text, &end, 10);
	if (errno || end == text || *end || v < min || v > max) {
		fprintf(stderr, "refpattern: %s needs an integer from %ld to %ld, not '%s'\n",
		        opt, min, max, text);
		exit(EXIT_USAGE);
	}
	return v;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: refpattern [--mib N] [--seconds S] [--out FILE]\n"
	           "  --mib N       buffer size in MiB (default 256)\n"
	           "  --seconds S   how long to repeat write-then-read (default 20)\n"
	           "  --out FILE    the JSON result (default: stdout)\n");
}

static struct options parse_args(int argc, char **argv)
{
	struct options o = { 256, 20, NULL };
	if (argc == 2 && strcmp(argv[1], "--help") == 0) {
		usage(stdout);
		exit(0);
	}
	for (int i = 1; i < argc; i += 2) {
		const char *opt = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
		if (value && strcmp(opt, "--mib") == 0)
			o.mib = parse_long(opt, value, 1, 65536);
		else if (value && strcmp(opt, "--seconds") == 0)
			o.seconds = parse_long(opt, value, 1, 86400);
		else if (value && strcmp(opt, "--out") == 0)
			o.out = value;
		else {
			usage(stderr);
			exit(EXIT_USAGE);
		}
	}
	return o;
}

/* The buffer, split into one page-aligned part per node. */
static int setup(struct shared *s, const struct options *o)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE) / sizeof(uint64_t);
	s->nodes = numa_available() < 0 ? 1 : numa_num_configured_nodes();
	if (s->nodes < 2) {
		fprintf(stderr, "refpattern: needs two or more NUMA nodes; this machine has %d\n",
		        s->nodes);
		return -1;
	}
	s->part = (size_t)o->mib * 131072u / (size_t)s->nodes / page * page;
	s->words = s->part * (size_t)s->nodes;
	s->seconds = o->seconds;
	s->buf = mmap(NULL, s->words * sizeof(uint64_t), PROT_READ | PROT_WRITE,
	              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (s->buf == MAP_FAILED || s->part == 0) {
		fprintf(stderr, "refpattern: cannot map %ld MiB\n", o->mib);
		return -1;
	}
	return pthread_barrier_init(&s->barrier, NULL, (unsigned)s->nodes) ? -1 : 0;
}

/* Runs one thread per node (node 0 on this thread) until the master stops. */
static int run(struct shared *s)
{
	struct worker *w = calloc((size_t)s->nodes, sizeof *w);
	if (!w)
		return -1;
	int started = 1;
	for (int n = 0; n < s->nodes; n++)
		w[n] = (struct worker){ s, n, 0 };
	for (; started < s->nodes; started++)
		if (pthread_create(&w[started].thread, NULL, run_node, &w[started]))
			break;
	if (started < s->nodes) {
		fprintf(stderr, "refpattern: cannot start a thread\n");
		exit(1);
	}
	run_node(&w[0]);
	for (int n = 1; n < s->nodes; n++)
		pthread_join(w[n].thread, NULL);
	free(w);
	return 0;
}

static json_t *counters(const struct nb_node_probe *a, const struct nb_node_probe *b)
{
	return json_pack("{sI sI sI sI}",
	    "numa_pte_updates", (json_int_t)(b->numa_pte_updates - a->numa_pte_updates),
	    "numa_hint_faults", (json_int_t)(b->numa_hint_faults - a->numa_hint_faults),
	    "numa_hint_faults_local",
	    (json_int_t)(b->numa_hint_faults_local - a->numa_hint_faults_local),
	    "numa_pages_migrated",
	    (json_int_t)(b->numa_pages_migrated - a->numa_pages_migrated));
}

static int write_result(const struct shared *s, const struct nb_node_probe *a,
                        const struct nb_node_probe *b, const char *out)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	json_t *j = json_pack("{ss si sI sI sf sI sf s{si si} so}",
	    "program", "refpattern", "nodes", s->nodes,
	    "buffer_pages", (json_int_t)(s->words * sizeof(uint64_t) / page),
	    "iterations", (json_int_t)s->iterations, "seconds", s->elapsed,
	    "checksum", (json_int_t)(s->checksum & INT64_MAX),
	    "iterations_per_s", (double)s->iterations / s->elapsed,
	    "numa_balancing", "start", a->numa_balancing, "end", b->numa_balancing,
	    "vmstat_delta", counters(a, b));
	if (!j)
		return -1;
	int rc = out ? json_dump_file(j, out, JSON_INDENT(1))
	             : json_dumpf(j, stdout, JSON_INDENT(1));
	if (!out)
		putchar('\n');
	json_decref(j);
	return rc;
}

int main(int argc, char **argv)
{
	struct options o = parse_args(argc, argv);
	struct shared s = { 0 };
	struct nb_node_probe a, b;
	if (setup(&s, &o))
		return 1;
	a.numa_balancing = nb_read_numa_balancing(NB_SYSCTL_NUMA_BALANCING);
	nb_read_vmstat(NB_VMSTAT, &a);
	if (run(&s))
		return 1;
	nb_read_vmstat(NB_VMSTAT, &b);
	b.numa_balancing = nb_read_numa_balancing(NB_SYSCTL_NUMA_BALANCING);
	fprintf(stderr, "refpattern: %d nodes, %zu MiB, %.1f s, %.2f iterations/s, %llu pages migrated,"
	       " %llu hint faults (%llu local), numa_balancing %d\n",
	       s.nodes, s.words / 131072u, s.elapsed, (double)s.iterations / s.elapsed,
	       (unsigned long long)(b.numa_pages_migrated - a.numa_pages_migrated),
	       (unsigned long long)(b.numa_hint_faults - a.numa_hint_faults),
	       (unsigned long long)(b.numa_hint_faults_local - a.numa_hint_faults_local),
	       a.numa_balancing);
	if (write_result(&s, &a, &b, o.out)) {
		fprintf(stderr, "refpattern: cannot write %s\n", o.out ? o.out : "stdout");
		return 1;
	}
	return 0;
}
