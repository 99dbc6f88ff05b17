/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: state file format round trip, version 1 and 2 records still
 * read, and corrupt, truncated and hostile contents refused without a
 * crash. */
#include <stdio.h>
#include <string.h>

#include "record.h"
#include "suites.h"

#define BOOT "0123abcd-4567-89ef-0123-456789abcdef"

/* The tail of a version 1 or 2 record: its counters after the boot id. */
#define GOOD_TAIL "seq 1\nstarted 2\nboot_id " BOOT "\nnuma_pte_updates 0\n" \
	"numa_hint_faults 0\nnuma_hint_faults_local 0\nnuma_pages_migrated 0\n"
#define TAIL_V3 "seq 1\nstarted 2\nboot_id " BOOT "\n"

static int parses(const char *text)
{
	struct nb_record r;

	return record_parse(text, strlen(text), &r) == 0;
}

static struct nb_record sample(void)
{
	struct nb_record r = {
		.job = 4294967294u, .value = 1, .conflict = NB_CONFLICT_LATEST, .honoured = 1,
		.seq = 18446744073709551615ull, .started = 1700000000,
	};
	memcpy(r.boot_id, BOOT, sizeof(r.boot_id));
	return r;
}

START_TEST(record_round_trip)
{
	struct nb_record r = sample(), back;
	char buf[NB_STATE_FILE_MAX];
	int len = record_format(&r, buf, sizeof(buf));

	ck_assert_int_gt(len, 0);
	ck_assert_int_eq(record_parse(buf, (size_t)len, &back), 0);
	ck_assert_uint_eq(back.job, r.job);
	ck_assert_int_eq(back.value, 1);
	ck_assert_int_eq(back.conflict, NB_CONFLICT_LATEST);
	ck_assert_int_eq(back.honoured, 1);
	ck_assert_int_eq(back.yield, 0);
	ck_assert(back.seq == r.seq);
	ck_assert(back.started == r.started);
	ck_assert_str_eq(back.boot_id, BOOT);
	ck_assert_str_eq(buf, "numa-balancing-job 3\njob 4294967294\nvalue 1\nconflict latest\n"
	                 "honoured 1\nyield 0\nseq 18446744073709551615\nstarted 1700000000\n"
	                 "boot_id " BOOT "\n");
	ck_assert_int_eq(record_format(&r, buf, 10), -1);
}
END_TEST

/* A yielding 0 (--off both) keeps its yield line; only an honoured 0
 * may yield. */
START_TEST(yield_round_trip)
{
	struct nb_record r = sample(), back;
	char buf[NB_STATE_FILE_MAX];
	int len;

	r.value = 0;
	r.yield = 1;
	len = record_format(&r, buf, sizeof(buf));
	ck_assert_int_gt(len, 0);
	ck_assert_ptr_nonnull(strstr(buf, "numa-balancing-job 3\n"));
	ck_assert_ptr_nonnull(strstr(buf, "\nhonoured 1\nyield 1\nseq "));
	ck_assert_int_eq(record_parse(buf, (size_t)len, &back), 0);
	ck_assert_int_eq(back.yield, 1);
	ck_assert_int_eq(back.value, 0);
	r.value = 1;
	len = record_format(&r, buf, sizeof(buf));
	ck_assert_int_eq(record_parse(buf, (size_t)len, &back), -1);
	r.value = 0;
	r.honoured = 0;
	len = record_format(&r, buf, sizeof(buf));
	ck_assert_int_eq(record_parse(buf, (size_t)len, &back), -1);
}
END_TEST

/* Records written before an upgrade still read: version 1 (no yield line:
 * it never yields) and version 2, both with the counter lines and the
 * optional cgroup line that version 3 no longer has, which are skipped.
 * Each version has exactly its own lines. */
START_TEST(older_versions)
{
	static const char v1[] = "numa-balancing-job 1\njob 5\nvalue 0\nconflict latest\nhonoured 1\n"
		"seq 3\nstarted 2\nboot_id " BOOT "\nnuma_pte_updates 1\nnuma_hint_faults 2\n"
		"numa_hint_faults_local 3\nnuma_pages_migrated 4\ncgroup numa_a=1\n";
	struct nb_record back;
	char buf[NB_STATE_FILE_MAX];

	memset(&back, 0xff, sizeof(back));
	ck_assert_int_eq(record_parse(v1, strlen(v1), &back), 0);
	ck_assert_uint_eq(back.job, 5);
	ck_assert_int_eq(back.value, 0);
	ck_assert_int_eq(back.conflict, NB_CONFLICT_LATEST);
	ck_assert_int_eq(back.honoured, 1);
	ck_assert_int_eq(back.yield, 0);
	ck_assert(back.seq == 3 && back.started == 2);
	ck_assert_int_gt(record_format(&back, buf, sizeof(buf)), 0); /* rewritten as version 3 */
	ck_assert_str_eq(buf, "numa-balancing-job 3\njob 5\nvalue 0\nconflict latest\nhonoured 1\n"
	                 "yield 0\nseq 3\nstarted 2\nboot_id " BOOT "\n");
	ck_assert(!parses("numa-balancing-job 1\njob 5\nvalue 0\nconflict keep\nhonoured 1\n"
	                  "yield 0\n" GOOD_TAIL));
	ck_assert(!parses("numa-balancing-job 2\njob 5\nvalue 0\nconflict keep\nhonoured 1\n"
	                  GOOD_TAIL));
	ck_assert(parses("numa-balancing-job 2\njob 5\nvalue 0\nconflict keep\nhonoured 1\n"
	                 "yield 0\n" GOOD_TAIL));
	ck_assert(!parses("numa-balancing-job 2\njob 5\nvalue 0\nconflict keep\nhonoured 1\n"
	                  "yield 0\n" TAIL_V3));
	ck_assert(!parses("numa-balancing-job 2\njob 5\nvalue 0\nconflict keep\nhonoured 1\n"
	                  "yield 2\n" GOOD_TAIL));
	ck_assert(parses("numa-balancing-job 3\njob 5\nvalue 0\nconflict keep\nhonoured 1\n"
	                 "yield 0\n" TAIL_V3));
	ck_assert(!parses("numa-balancing-job 3\njob 5\nvalue 0\nconflict keep\nhonoured 1\n"
	                  "yield 0\n" GOOD_TAIL));
	ck_assert(!parses("numa-balancing-job 3\njob 5\nvalue 0\nconflict keep\nhonoured 1\n"
	                  TAIL_V3));
	ck_assert(!parses("numa-balancing-job 4\njob 5\nvalue 0\nconflict keep\nhonoured 1\n"
	                  "yield 0\n" TAIL_V3));
}
END_TEST

START_TEST(baseline_round_trip)
{
	for (int v = 0; v <= 4; v++) {
		struct nb_baseline b = { .value = v }, back;
		char buf[NB_STATE_FILE_MAX];
		memcpy(b.boot_id, BOOT, sizeof(b.boot_id));
		int len = baseline_format(&b, buf, sizeof(buf));
		ck_assert_int_gt(len, 0);
		ck_assert_int_eq(baseline_parse(buf, (size_t)len, &back), 0);
		ck_assert_int_eq(back.value, v);
		ck_assert_str_eq(back.boot_id, BOOT);
	}
}
END_TEST

/* Every proper prefix of a valid file is refused. */
START_TEST(truncated)
{
	struct nb_record r = sample(), back;
	struct nb_baseline b = { .value = 3 }, bback;
	char buf[NB_STATE_FILE_MAX], bbuf[NB_STATE_FILE_MAX];
	int len = record_format(&r, buf, sizeof(buf));
	int blen;

	memcpy(b.boot_id, BOOT, sizeof(b.boot_id));
	blen = baseline_format(&b, bbuf, sizeof(bbuf));
	for (int n = 0; n < len; n++)
		ck_assert_msg(record_parse(buf, (size_t)n, &back) == -1, "prefix %d accepted", n);
	for (int n = 0; n < blen; n++)
		ck_assert_msg(baseline_parse(bbuf, (size_t)n, &bback) == -1, "prefix %d accepted", n);
}
END_TEST

/* Changing any one byte of a valid record either keeps it parseable with
 * sane fields or gets it refused; it never crashes or reads out of range. */
START_TEST(every_byte_flipped)
{
	struct nb_record r = sample(), back;
	char buf[NB_STATE_FILE_MAX];
	int len = record_format(&r, buf, sizeof(buf));
	static const char subst[] = { '\0', '\n', ' ', 'x', '9', '-', '\r' };

	for (int i = 0; i < len; i++) {
		for (size_t k = 0; k < sizeof(subst); k++) {
			char copy[NB_STATE_FILE_MAX];
			memcpy(copy, buf, (size_t)len);
			copy[i] = subst[k];
			if (record_parse(copy, (size_t)len, &back) == 0) {
				ck_assert(back.value == 0 || back.value == 1);
				ck_assert(back.job >= 1 && back.job <= NB_JOB_ID_MAX);
				ck_assert(boot_id_valid(back.boot_id, strlen(back.boot_id)));
			}
		}
	}
}
END_TEST


START_TEST(hostile)
{
	ck_assert(parses("numa-balancing-job 1\njob 5\nvalue 0\nconflict keep\nhonoured 1\n" GOOD_TAIL));
	ck_assert(!parses(""));
	ck_assert(!parses("numa-balancing-job 2\njob 5\nvalue 0\nconflict keep\nhonoured 1\n" GOOD_TAIL));
	ck_assert(!parses("numa-balancing-job 3\njob 5\nvalue 0\nconflict keep\nhonoured 1\n"
	                  "yield 0\n" TAIL_V3 "extra 1\n"));
	ck_assert(!parses("numa-balancing-job 3\njob 5\nvalue 0\nconflict keep\nhonoured 1\n"
	                  "yield 0\nseq 1\nstarted 2\nboot_id " BOOT));
	ck_assert(!parses("numa-balancing-job 1\njob 0\nvalue 0\nconflict keep\nhonoured 1\n" GOOD_TAIL));
	ck_assert(!parses("numa-balancing-job 1\njob 4294967295\nvalue 0\nconflict keep\nhonoured 1\n" GOOD_TAIL));
	ck_assert(!parses("numa-balancing-job 1\njob 5\nvalue 2\nconflict keep\nhonoured 1\n" GOOD_TAIL));
	ck_assert(!parses("numa-balancing-job 1\njob 5\nvalue -1\nconflict keep\nhonoured 1\n" GOOD_TAIL));
	ck_assert(!parses("numa-balancing-job 1\njob 5\nvalue 0\nconflict keeper\nhonoured 1\n" GOOD_TAIL));
	ck_assert(!parses("numa-balancing-job 1\njob 5\nvalue 0\nconflict keep\nhonoured 2\n" GOOD_TAIL));
	ck_assert(!parses("numa-balancing-job 1\njob 5\nvalue 0\nconflict keep\nhonoured 1\n" GOOD_TAIL "extra 1\n"));
	ck_assert(!parses("numa-balancing-job 1\njob 5\njob 5\nvalue 0\nconflict keep\nhonoured 1\n" GOOD_TAIL));
	ck_assert(!parses("numa-balancing-job 1\r\njob 5\nvalue 0\nconflict keep\nhonoured 1\n" GOOD_TAIL));
	ck_assert(!parses("numa-balancing-job 1\njob  5\nvalue 0\nconflict keep\nhonoured 1\n" GOOD_TAIL));
	ck_assert(!parses("numa-balancing-job 1\njob 99999999999999999999999\nvalue 0\nconflict keep\nhonoured 1\n" GOOD_TAIL));
	ck_assert(!parses("numa-balancing-job 1\njob 5\nvalue 0\nconflict keep\nhonoured 1\n"
	                  "seq 1\nstarted 2\nboot_id 0123ABCD-4567-89ef-0123-456789abcdef\n"
	                  "numa_pte_updates 0\nnuma_hint_faults 0\nnuma_hint_faults_local 0\nnuma_pages_migrated 0\n"));
	ck_assert(!parses("numa-balancing-job 1\njob 5\nvalue 0\nconflict keep\nhonoured 1\n"
	                  "seq 1\nstarted 2\nboot_id ../../etc/passwd\n"
	                  "numa_pte_updates 0\nnuma_hint_faults 0\nnuma_hint_faults_local 0\nnuma_pages_migrated 0\n"));
}
END_TEST

/* The optional cgroup line of versions 1 and 2: skipped whatever its
 * value, at most one, and only as the last line. */
START_TEST(old_cgroup_line)
{
	static const char *const values[] = {
		"numa_pages_migrated=7 numa_pte_updates=8", "", "foo=1", "numa_a=1  numa_b=2",
	};
	char text[NB_STATE_FILE_MAX];

	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		snprintf(text, sizeof(text), "numa-balancing-job 1\njob 5\nvalue 0\nconflict keep\n"
		         "honoured 1\n" GOOD_TAIL "cgroup %s\n", values[i]);
		ck_assert_msg(parses(text), "'%s' refused", values[i]);
	}
	ck_assert(!parses("numa-balancing-job 1\njob 5\nvalue 0\nconflict keep\nhonoured 1\n" GOOD_TAIL
	                  "cgroup numa_a=1\ncgroup numa_a=1\n"));
	ck_assert(!parses("numa-balancing-job 1\njob 5\nvalue 0\nconflict keep\nhonoured 1\n" GOOD_TAIL
	                  "cgroupnuma_a=1\n"));
	ck_assert(!parses("numa-balancing-job 1\njob 5\nvalue 0\nconflict keep\nhonoured 1\n" GOOD_TAIL
	                  "cgroup numa_a=1"));
	ck_assert(!parses("numa-balancing-job 3\njob 5\nvalue 0\nconflict keep\nhonoured 1\n"
	                  "yield 0\n" TAIL_V3 "cgroup numa_a=1\n"));
}
END_TEST

START_TEST(hostile_baseline)
{
	struct nb_baseline b;
	const char *ok = "numa-balancing-baseline 1\nvalue 3\nboot_id " BOOT "\n";
	const char *four = "numa-balancing-baseline 1\nvalue 4\nboot_id " BOOT "\n";
	const char *bad[] = {
		"numa-balancing-baseline 1\nvalue 256\nboot_id " BOOT "\n",
		"numa-balancing-baseline 1\nvalue 5\nboot_id " BOOT "\n",
		"numa-balancing-baseline 1\nvalue 255\nboot_id " BOOT "\n",
		"numa-balancing-baseline 1\nvalue \nboot_id " BOOT "\n",
		"numa-balancing-baseline 1\nvalue 3\nboot_id " BOOT,
		"numa-balancing-baseline 1\nboot_id " BOOT "\nvalue 3\n",
		"numa-balancing-job 1\nvalue 3\nboot_id " BOOT "\n",
		"numa-balancing-baseline 1\nvalue 3\nboot_id " BOOT "\n\n",
	};

	ck_assert_int_eq(baseline_parse(ok, strlen(ok), &b), 0);
	ck_assert_int_eq(b.value, 3);
	ck_assert_int_eq(baseline_parse(four, strlen(four), &b), 0);
	ck_assert_int_eq(b.value, 4);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(baseline_parse(bad[i], strlen(bad[i]), &b) == -1, "accepted #%zu", i);
}
END_TEST

Suite *record_suite(void)
{
	Suite *s = suite_create("record");
	TCase *t = tcase_create("format");

	tcase_add_test(t, record_round_trip);
	tcase_add_test(t, yield_round_trip);
	tcase_add_test(t, older_versions);
	tcase_add_test(t, baseline_round_trip);
	tcase_add_test(t, truncated);
	tcase_add_test(t, every_byte_flipped);
	tcase_add_test(t, hostile);
	tcase_add_test(t, old_cgroup_line);
	tcase_add_test(t, hostile_baseline);
	suite_add_tcase(s, t);
	return s;
}
