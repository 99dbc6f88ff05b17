/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cli.c - parsing and checking nbsim's command line (cli.h). */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/energy.h"
#include "util/steps.h"

enum {
	OPT_MODEL = 256, OPT_SCALE, OPT_PRESIM, OPT_SIM, OPT_DT, OPT_SEED,
	OPT_OUT, OPT_AREAS, OPT_PLACEMENT, OPT_SYNC, OPT_PROGRESS, OPT_SPIKES,
	OPT_HUGE, OPT_NO_COMPRESSED, OPT_TAG, OPT_POWERCAP, OPT_HELP, OPT_VERSION
};

static const struct option longopts[] = {
	{"model", required_argument, NULL, OPT_MODEL},
	{"scale", required_argument, NULL, OPT_SCALE},
	{"t-presim", required_argument, NULL, OPT_PRESIM},
	{"t-sim", required_argument, NULL, OPT_SIM},
	{"dt", required_argument, NULL, OPT_DT},
	{"seed", required_argument, NULL, OPT_SEED},
	{"output", required_argument, NULL, OPT_OUT},
	{"out", required_argument, NULL, OPT_OUT},
	{"areas", required_argument, NULL, OPT_AREAS},
	{"placement-every", required_argument, NULL, OPT_PLACEMENT},
	{"sync-timer", no_argument, NULL, OPT_SYNC},
	{"progress", no_argument, NULL, OPT_PROGRESS},
	{"record-spikes", no_argument, NULL, OPT_SPIKES},
	{"huge-pages", required_argument, NULL, OPT_HUGE},
	{"no-compressed-spikes", no_argument, NULL, OPT_NO_COMPRESSED},
	{"tag", required_argument, NULL, OPT_TAG},
	{"powercap", required_argument, NULL, OPT_POWERCAP},
	{"help", no_argument, NULL, OPT_HELP},
	{"version", no_argument, NULL, OPT_VERSION},
	{NULL, 0, NULL, 0},
};

static void usage(void)
{
	printf("Usage: nbsim [OPTION]...\n"
	       "Spiking-network benchmark with NEST's parallel structure and cycle timers.\n"
	       "Threads: OMP_NUM_THREADS (pin with OMP_PROC_BIND/OMP_PLACES); ranks: mpirun/srun.\n\n"
	       "  --model NAME          brunel, microcircuit or multi-area (default brunel)\n"
	       "  --scale S             population sizes x S, in-degrees kept (default 1)\n"
	       "  --t-presim MS         presimulation, not timed per cycle (default 100)\n"
	       "  --t-sim MS            simulation with cycle timers (default 1000)\n"
	       "  --dt MS               time step (default 0.1)\n"
	       "  --seed N              random seed, 0..4294967295 (default 12345)\n"
	       "  -o, --output DIR      result directory (default nbsim-out; --out is the\n"
	       "                        same option)\n"
	       "  --areas A             multi-area: number of areas (default 32)\n"
	       "  --placement-every N   sample page placement every N cycles (default 0: off)\n"
	       "  --sync-timer          MPI_Barrier before communicate, timed as 'sync' (default off)\n"
	       "  --progress            progress line on rank 0 (default: only on a terminal)\n"
	       "  --record-spikes       write DIR/spikes-RANK.txt, 'step gid' per spike of the\n"
	       "                        sim phase (for tests; written after each cycle's\n"
	       "                        exchange, outside the phase timers)\n"
	       "  --huge-pages MODE     system: no madvise, the kernel's THP mode decides, as for\n"
	       "                        NEST (default); madvise: ask for huge pages for ring\n"
	       "                        buffers and synapses; never: base pages for everything\n"
	       "                        (THP off for the process, MADV_NOHUGEPAGE)\n"
	       "  --no-compressed-spikes  NEST's use_compressed_spikes=False: one register and\n"
	       "                        buffer entry per synapse a spike reaches\n"
	       "  --tag KEY=VALUE       record KEY=VALUE in summary.json's \"tags\" (repeatable;\n"
	       "                        numa-balancing-validate tags each run's repetition, rep)\n"
	       "  --powercap DIR        read the sim phase's package and DRAM energy from the\n"
	       "                        RAPL zones DIR/intel-rapl:* (default /sys/class/powercap;\n"
	       "                        the lowest rank of each node reads)\n"
	       "  -h, --help            this text\n"
	       "  --version             version\n");
}

static int number(const char *opt, const char *s, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	if (errno || end == s || *end || !isfinite(*v)) {
		fprintf(stderr, "nbsim: %s: '%s' is not a number\n", opt, s);
		return -1;
	}
	return 0;
}

static int integer(const char *opt, const char *s, double lo, double hi,
                   double *v)
{
	if (number(opt, s, v))
		return -1;
	if (*v != floor(*v) || *v < lo || *v > hi) {
		fprintf(stderr, "nbsim: %s: '%s' is not an integer in %.0f..%.0f\n",
		        opt, s, lo, hi);
		return -1;
	}
	return 0;
}

/* --tag KEY=VALUE: KEY of 1-63 letters, digits, '_', '-' or '.', given
 * once; VALUE of at most 200 printable ASCII characters. */
static int tag(struct nb_opts *o, const char *arg)
{
	size_t key = strspn(arg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.");
	const char *value = arg + key + 1;

	if (key == 0 || key > 63 || arg[key] != '=' || strlen(value) > 200) {
		fprintf(stderr, "nbsim: --tag '%s' is not KEY=VALUE (KEY: 1-63 of "
		        "A-Z a-z 0-9 _ - .; VALUE: up to 200 characters)\n", arg);
		return -1;
	}
	for (const char *c = value; *c; c++)
		if (*c < 0x20 || *c > 0x7e) {
			fprintf(stderr, "nbsim: --tag '%s': VALUE must be printable "
			        "ASCII\n", arg);
			return -1;
		}
	for (int i = 0; i < o->ntags; i++)
		if (strncmp(o->tags[i], arg, key + 1) == 0) {
			fprintf(stderr, "nbsim: --tag %.*s given twice\n", (int)key, arg);
			return -1;
		}
	if (o->ntags == NB_MAX_TAGS) {
		fprintf(stderr, "nbsim: at most %d --tag options\n", NB_MAX_TAGS);
		return -1;
	}
	o->tags[o->ntags++] = arg;
	return 0;
}

static int huge_mode(const char *s, enum nb_huge_mode *m)
{
	const enum nb_huge_mode modes[] = {NB_HUGE_SYSTEM, NB_HUGE_MADVISE, NB_HUGE_NEVER};

	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		if (strcmp(s, nb_huge_mode_name(modes[i])) == 0) {
			*m = modes[i];
			return 0;
		}
	}
	fprintf(stderr, "nbsim: --huge-pages: '%s' is not system, madvise or never\n", s);
	return -1;
}

static int set(struct nb_opts *o, int c, const char *arg)
{
	double v = 0.0;
	int rc = 0;

	switch (c) {
	case OPT_MODEL: o->model = arg; break;
	case OPT_SCALE: rc = number("--scale", arg, &o->scale); break;
	case OPT_PRESIM: rc = number("--t-presim", arg, &o->t_presim); break;
	case OPT_SIM: rc = number("--t-sim", arg, &o->t_sim); break;
	case OPT_DT: rc = number("--dt", arg, &o->dt); break;
	case OPT_SEED:
		rc = integer("--seed", arg, 0, 4294967295.0, &v);
		o->seed = (uint32_t)v;
		break;
	case OPT_OUT: o->out = arg; break;
	case OPT_AREAS:
		rc = integer("--areas", arg, 2, 1000, &v);
		o->areas = (int)v;
		break;
	case OPT_PLACEMENT:
		rc = integer("--placement-every", arg, 0, 1e9, &v);
		o->placement_every = (int)v;
		break;
	case OPT_SYNC: o->sync_timer = true; break;
	case OPT_PROGRESS: o->progress = true; break;
	case OPT_SPIKES: o->record_spikes = true; break;
	case OPT_HUGE: rc = huge_mode(arg, &o->huge_pages); break;
	case OPT_NO_COMPRESSED: o->compressed_spikes = false; break;
	case OPT_TAG: rc = tag(o, arg); break;
	case OPT_POWERCAP: o->powercap = arg; break;
	default: rc = -1;
	}
	return rc;
}

static int multiple_of_dt(const char *opt, double t, double dt)
{
	if (!nb_is_multiple(t, dt)) {
		fprintf(stderr, "nbsim: %s %g ms is not a multiple of dt %g ms\n",
		        opt, t, dt);
		return -1;
	}
	return 0;
}

static int check(const struct nb_opts *o)
{
	if (!(o->scale > 0.0)) {
		fprintf(stderr, "nbsim: --scale must be > 0 (got %g)\n", o->scale);
		return -1;
	}
	if (!(o->dt > 0.0)) {
		fprintf(stderr, "nbsim: --dt must be > 0 (got %g)\n", o->dt);
		return -1;
	}
	if (o->t_presim < 0.0 || !(o->t_sim > 0.0)) {
		fprintf(stderr, "nbsim: --t-presim must be >= 0 and --t-sim > 0\n");
		return -1;
	}
	if (!*o->out) {
		fprintf(stderr, "nbsim: --output must name a directory\n");
		return -1;
	}
	return multiple_of_dt("--t-presim", o->t_presim, o->dt) ||
	       multiple_of_dt("--t-sim", o->t_sim, o->dt) ? -1 : 0;
}

int nb_cli_parse(struct nb_opts *o, int argc, char **argv)
{
	struct nb_opts d = {
		.model = "brunel", .scale = 1.0, .t_presim = 100.0, .t_sim = 1000.0,
		.dt = 0.1, .seed = 12345, .out = "nbsim-out", .areas = 32,
		.powercap = NB_POWERCAP_ROOT,
		.huge_pages = NB_HUGE_SYSTEM, .compressed_spikes = true,
	};
	int c;

	*o = d;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "ho:", longopts, NULL)) != -1) {
		if (c == 'o')
			c = OPT_OUT;
		if (c == OPT_HELP || c == 'h') {
			usage();
			return 1;
		}
		if (c == OPT_VERSION) {
			printf("nbsim %s\n", NB_VERSION);
			return 1;
		}
		if (c == '?' || set(o, c, optarg)) {
			if (c == '?')
				fprintf(stderr, "nbsim: unknown or incomplete option '%s' (see --help)\n",
				        argv[optind - 1]);
			return -1;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "nbsim: unexpected argument '%s' (see --help)\n", argv[optind]);
		return -1;
	}
	return check(o);
}
