/* SPDX-License-Identifier: GPL-2.0-or-later */
/* procstat.h - parsers for the kernel files that tell whether something
 * else took a run's CPUs, and on what it ran: /proc/stat's cpu line
 * (iowait and steal), /proc/loadavg, /proc/pressure/cpu, a thread's
 * schedstat (time runnable but waiting for a CPU) and /proc/cpuinfo's
 * CPU model. They take the path, so tests feed them fixture files; the
 * numa_balancing sysctl and /proc/vmstat are procfs.h's. procstat.c. */
#ifndef NB_PROCSTAT_H
#define NB_PROCSTAT_H

#include <stddef.h>

#define NB_PROC_STAT "/proc/stat"
#define NB_PROC_LOADAVG "/proc/loadavg"
#define NB_PROC_PRESSURE_CPU "/proc/pressure/cpu"
#define NB_PROC_THREAD_SCHEDSTAT "/proc/thread-self/schedstat"
#define NB_PROC_CPUINFO "/proc/cpuinfo"

/* iowait and steal of all CPUs, in clock ticks (USER_HZ), from the first
 * ("cpu ") line. 0, or -1 when unreadable or malformed. */
int nb_read_stat_ticks(const char *path, double *iowait, double *steal);

/* The one-minute load average, or -1. */
double nb_read_loadavg(const char *path);

/* Seconds during which some task waited for a CPU ("some ... total=",
 * microseconds in the file), or -1 (no PSI: kernel without it, psi=0). */
double nb_read_pressure_some_s(const char *path);

/* A thread's time runnable but waiting on a run queue (the second field,
 * nanoseconds), in seconds, or -1. */
double nb_read_run_delay_s(const char *path);

/* The first "model name" of cpuinfo into buf (truncated to n), or ""
 * when there is none (e.g. arm64). Returns 0, or -1 when unreadable. */
int nb_read_cpu_model(const char *path, char *buf, size_t n);

#endif
