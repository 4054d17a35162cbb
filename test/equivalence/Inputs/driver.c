/*
 * uaccess-lint equivalence harness: runs the original functions of
 * test/batchable/Inputs/shapes.c and their batchable rewrite side by side on
 * the userspace model in model/linux/uaccess.h and compares what they do.
 *
 * Build: shapes.c compiled twice against the model, once with every function
 * renamed orig_*, once (the rewritten copy) renamed new_*; this file defines
 * the model (UACCESS_MODEL_IMPL) and links the three objects.
 *
 * For every function, every input and every fault position k (none, then
 * the 1st .. Nth user access the original makes), in both unsafe_get_user()
 * fault flavors, both builds start from the same user memory and must give:
 *   - the same return value,
 *   - the same user memory afterwards (the whole backing store, guards too),
 *   - the same user accesses in the same order (direction, address, size,
 *     faulted or not),
 *   - no window-rule violation, every window closed, opens == closes,
 *   - the same kernel-side outputs, except after a fault, where a difference
 *     is counted and printed ("note: ... kernel-side") but is not a mismatch
 *     (the caller gets -EFAULT and the kernel buffer is scratch).
 * With no fault: the original's toggles (not counting copy_*_user) equal its
 * put/get accesses, and the rewrite's are exactly 1 whenever the original
 * made any; copy_*_user toggles are the same on both sides.
 *
 * A "boundary" section then runs pointers that leave user memory, where the
 * rewrite's one checked begin and the original's per-access behaviour can
 * legitimately differ, and prints what each side did.
 *
 * Exit status 1 on any mismatch.
 */
#define UACCESS_MODEL_IMPL
#include <linux/uaccess.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* The layouts of test/batchable/Inputs/shapes.c. */
struct epoll_event { u32 events; u64 data; };
struct pollfd { int fd; short events; short revents; };
struct poll_list { struct poll_list *next; unsigned int len; struct pollfd entries[]; };

#define DECLARE(prefix)							\
	struct epoll_event *prefix##put_uevent(u32, u64,		\
					       struct epoll_event *);	\
	int prefix##poll_out(struct pollfd *, unsigned int,		\
			     struct poll_list *);			\
	int prefix##get_array(int *, const int *, unsigned int);	\
	int prefix##read_then_write(int *, int);			\
	int prefix##three_elements(u32 *, u32, int);
DECLARE(orig_)
DECLARE(new_)

struct impl {
	const char *name;
	struct epoll_event *(*put_uevent)(u32, u64, struct epoll_event *);
	int (*poll_out)(struct pollfd *, unsigned int, struct poll_list *);
	int (*get_array)(int *, const int *, unsigned int);
	int (*read_then_write)(int *, int);
	int (*three_elements)(u32 *, u32, int);
};
static const struct impl ORIG = { "original", orig_put_uevent, orig_poll_out,
	orig_get_array, orig_read_then_write, orig_three_elements };
static const struct impl NEW = { "rewritten", new_put_uevent, new_poll_out,
	new_get_array, new_read_then_write, new_three_elements };

/* User memory: [GUARD, GUARD + USER_SIZE) of the backing store is the
 * registered region.  To the model the guard below it is unmapped user
 * space and the guard above it kernel space (access_ok() fails there); both
 * let boundary cases point just outside the region with valid C pointers,
 * and both are compared too. */
#define GUARD 256
#define USER_SIZE 1024
static _Alignas(64) unsigned char backing[GUARD + USER_SIZE + GUARD];
static unsigned char initial[sizeof(backing)];
#define U(off) ((void *)(backing + GUARD + (off)))

#define KOUT_MAX 512
struct outcome {
	int ret_is_ptr;
	long long ret;		/* pointer results: offset into user memory, or NULL */
	unsigned char user[sizeof(backing)];
	unsigned char kout[KOUT_MAX];
	size_t kout_len;
	unsigned long opens, closes, copy_opens, accesses, faults, violations;
	int window_open;
	char violation[256];
	struct uacc_trace_entry trace[UACC_TRACE_MAX];
	unsigned long trace_len;
};

struct kase;
typedef void (*runner)(const struct impl *, const struct kase *,
		       struct outcome *);
struct kase {
	const char *func;
	char desc[128];
	runner run;
	int null_ptr;		/* pass NULL as the user pointer */
	long off;		/* user pointer: U(off) */
	u64 a, b;		/* scalar arguments */
	unsigned int n;		/* nfds / n */
	int flag;
	int nlists, lists[4];	/* poll_out: list lengths */
};

static void *uptr(const struct kase *c)
{
	return c->null_ptr ? NULL : U(c->off);
}

static void kout_add(struct outcome *o, const void *p, size_t n)
{
	if (o->kout_len + n > KOUT_MAX) {
		fprintf(stderr, "driver: kernel output too large\n");
		exit(2);
	}
	memcpy(o->kout + o->kout_len, p, n);
	o->kout_len += n;
}

static void run_put_uevent(const struct impl *im, const struct kase *c,
			   struct outcome *o)
{
	struct epoll_event *r = im->put_uevent((u32)c->a, c->b, uptr(c));

	o->ret_is_ptr = 1;
	o->ret = r ? (long long)((unsigned char *)r - (backing + GUARD)) : -1;
}

static void run_poll_out(const struct impl *im, const struct kase *c,
			 struct outcome *o)
{
	struct poll_list *lists[4], *head = NULL;
	int i, j;

	for (i = c->nlists - 1; i >= 0; i--) {
		struct poll_list *l = malloc(sizeof(*l) +
					     c->lists[i] * sizeof(struct pollfd));

		if (!l)
			abort();
		l->next = head;
		l->len = c->lists[i];
		for (j = 0; j < c->lists[i]; j++) {
			l->entries[j].fd = 100 * i + j;
			l->entries[j].events = 1 + j;
			l->entries[j].revents = (short)(0x4000 + 16 * i + j);
		}
		lists[i] = head = l;
	}
	o->ret = im->poll_out(uptr(c), c->n, head);
	for (i = 0; i < c->nlists; i++) {
		kout_add(o, lists[i]->entries,
			 lists[i]->len * sizeof(struct pollfd));
		free(lists[i]);
	}
}

static void run_get_array(const struct impl *im, const struct kase *c,
			  struct outcome *o)
{
	int k[16];

	memset(k, 0xa5, sizeof(k));
	if (c->n > 16)
		abort();
	o->ret = im->get_array(k, uptr(c), c->n);
	kout_add(o, k, sizeof(k));
}

static void run_read_then_write(const struct impl *im, const struct kase *c,
				struct outcome *o)
{
	o->ret = im->read_then_write(uptr(c), (int)c->a);
}

static void run_three_elements(const struct impl *im, const struct kase *c,
			       struct outcome *o)
{
	o->ret = im->three_elements(uptr(c), (u32)c->a, c->flag);
}

static void run_one(const struct impl *im, const struct kase *c,
		    unsigned long fault_at, struct outcome *o)
{
	memcpy(backing, initial, sizeof(backing));
	memset(o, 0, sizeof(*o));
	uacc_reset(fault_at);
	c->run(im, c, o);
	memcpy(o->user, backing, sizeof(backing));
	o->opens = uacc_opens;
	o->closes = uacc_closes;
	o->copy_opens = uacc_copy_opens;
	o->accesses = uacc_accesses;
	o->faults = uacc_faults;
	o->violations = uacc_violations;
	o->window_open = uacc_window_open;
	memcpy(o->violation, uacc_violation_msg, sizeof(o->violation));
	o->trace_len = uacc_trace_len;
	memcpy(o->trace, uacc_trace, sizeof(o->trace));
}

static const char *ret_str(const struct outcome *o, char *buf, size_t n)
{
	if (o->ret_is_ptr && o->ret < 0)
		snprintf(buf, n, "NULL");
	else if (o->ret_is_ptr)
		snprintf(buf, n, "user+%lld", o->ret);
	else
		snprintf(buf, n, "%lld", o->ret);
	return buf;
}

/* Accesses of one kind that did not fault, and their bytes. */
static unsigned long done(const struct outcome *o, char dir, unsigned long *bytes)
{
	unsigned long i, count = 0;

	*bytes = 0;
	for (i = 0; i < o->trace_len && i < UACC_TRACE_MAX; i++)
		if (o->trace[i].dir == dir && !o->trace[i].faulted) {
			count++;
			*bytes += o->trace[i].size;
		}
	return count;
}

/* put/get accesses, not copies */
static unsigned long batchable_accesses(const struct outcome *o)
{
	return o->accesses - o->copy_opens;
}

static unsigned long window_toggles(const struct outcome *o)
{
	return o->opens - o->copy_opens;
}

static const char *mode_name[2] = {
	"x86-asm-goto-output (unsafe_get_user leaves x on a fault)",
	"generic/no-asm-goto-output (unsafe_get_user zeroes x on a fault)",
};

static unsigned long runs, mismatches;
static unsigned long kdiffs[2];
static char kdiff_funcs[2][256];

static void mismatch(const struct kase *c, unsigned long k, int mode,
		     const char *fmt, const char *detail)
{
	printf("MISMATCH: %s %s fault@%lu mode %d: ", c->func, c->desc, k,
	       mode);
	printf(fmt, detail);
	printf("\n");
}

static void trace_str(const struct uacc_trace_entry *e, char *buf, size_t n)
{
	long off = (long)(e->addr - (uintptr_t)(backing + GUARD));

	snprintf(buf, n, "%c user%+ld size %zu%s", e->dir, off, e->size,
		 e->faulted ? " faulted" : "");
}

/* Index of the first access that differs, or -1. */
static long trace_diff(const struct outcome *a, const struct outcome *b)
{
	unsigned long i;

	for (i = 0; i < a->trace_len && i < b->trace_len &&
		    i < UACC_TRACE_MAX; i++)
		if (a->trace[i].dir != b->trace[i].dir ||
		    a->trace[i].addr != b->trace[i].addr ||
		    a->trace[i].size != b->trace[i].size ||
		    a->trace[i].faulted != b->trace[i].faulted)
			return (long)i;
	return a->trace_len == b->trace_len ? -1 : (long)i;
}

static struct outcome O, N;

/* Compares one (original, rewritten) pair; returns 1 on a mismatch. */
static int compare(const struct kase *c, unsigned long k, int mode)
{
	char b1[64], b2[64], msg[256];
	int bad = 0;
	size_t i;
	long td;

	uacc_unsafe_get_fault_zeroes = mode;
	run_one(&ORIG, c, k, &O);
	run_one(&NEW, c, k, &N);
	runs++;

	if (k && !O.faults) {
		snprintf(msg, sizeof(msg), "fault position %lu is past the "
			 "original's %lu accesses", k, O.accesses);
		mismatch(c, k, mode, "%s", msg);
		bad = 1;
	}
	if (O.ret != N.ret) {
		snprintf(msg, sizeof(msg), "original returned %s, rewritten %s",
			 ret_str(&O, b1, sizeof(b1)), ret_str(&N, b2, sizeof(b2)));
		mismatch(c, k, mode, "%s", msg);
		bad = 1;
	}
	for (i = 0; i < sizeof(backing); i++)
		if (O.user[i] != N.user[i]) {
			snprintf(msg, sizeof(msg), "user memory differs at "
				 "user%+ld: original %02x, rewritten %02x",
				 (long)i - GUARD, O.user[i], N.user[i]);
			mismatch(c, k, mode, "%s", msg);
			bad = 1;
			break;
		}
	td = trace_diff(&O, &N);
	if (td >= 0) {
		if ((unsigned long)td < O.trace_len && td < UACC_TRACE_MAX)
			trace_str(&O.trace[td], b1, sizeof(b1));
		else
			snprintf(b1, sizeof(b1), "none");
		if ((unsigned long)td < N.trace_len && td < UACC_TRACE_MAX)
			trace_str(&N.trace[td], b2, sizeof(b2));
		else
			snprintf(b2, sizeof(b2), "none");
		snprintf(msg, sizeof(msg), "accesses differ at #%ld: original "
			 "%s, rewritten %s", td + 1, b1, b2);
		mismatch(c, k, mode, "%s", msg);
		bad = 1;
	}
	if (O.violations || N.violations) {
		snprintf(msg, sizeof(msg), "window rule broken: %s%s",
			 N.violations ? "rewritten " : "original ",
			 N.violations ? N.violation : O.violation);
		mismatch(c, k, mode, "%s", msg);
		bad = 1;
	}
	if (N.window_open || O.window_open || N.opens != N.closes ||
	    O.opens != O.closes) {
		snprintf(msg, sizeof(msg), "window left open: original %lu "
			 "opens/%lu closes, rewritten %lu opens/%lu closes",
			 O.opens, O.closes, N.opens, N.closes);
		mismatch(c, k, mode, "%s", msg);
		bad = 1;
	}
	if (N.copy_opens != O.copy_opens || window_toggles(&N) > 1) {
		snprintf(msg, sizeof(msg), "toggles: original %lu (+%lu copy), "
			 "rewritten %lu (+%lu copy)", window_toggles(&O),
			 O.copy_opens, window_toggles(&N), N.copy_opens);
		mismatch(c, k, mode, "%s", msg);
		bad = 1;
	}
	if (O.kout_len != N.kout_len || memcmp(O.kout, N.kout, O.kout_len)) {
		size_t lo = 0, hi;

		while (lo < O.kout_len && O.kout[lo] == N.kout[lo])
			lo++;
		hi = lo;
		while (hi < O.kout_len && hi < lo + 8 && O.kout[hi] != N.kout[hi])
			hi++;
		if (O.faults && N.faults && O.ret == N.ret) {
			if (!kdiffs[mode]++) {
				printf("note: %s %s fault@%lu, mode %s: kernel-side "
				       "output differs after the fault at bytes "
				       "[%zu,%zu): original", c->func, c->desc, k,
				       mode_name[mode], lo, hi);
				for (i = lo; i < hi; i++)
					printf(" %02x", O.kout[i]);
				printf(", rewritten");
				for (i = lo; i < hi; i++)
					printf(" %02x", N.kout[i]);
				printf("\n");
			}
			if (!strstr(kdiff_funcs[mode], c->func)) {
				strcat(kdiff_funcs[mode], kdiff_funcs[mode][0] ? "," : "");
				strcat(kdiff_funcs[mode], c->func);
			}
		} else {
			snprintf(msg, sizeof(msg), "kernel-side output differs "
				 "at byte %zu", lo);
			mismatch(c, k, mode, "%s", msg);
			bad = 1;
		}
	}
	if (!k) {
		/* The message's claim: N toggles per call become 1. */
		if (window_toggles(&O) != batchable_accesses(&O) ||
		    (batchable_accesses(&O) && window_toggles(&N) != 1)) {
			snprintf(msg, sizeof(msg), "toggle claim: original %lu "
				 "toggles for %lu accesses, rewritten %lu",
				 window_toggles(&O), batchable_accesses(&O),
				 window_toggles(&N));
			mismatch(c, k, mode, "%s", msg);
			bad = 1;
		}
		if (mode == 0) {
			printf("toggles: %s %s: original %lu, rewritten %lu",
			       c->func, c->desc, window_toggles(&O),
			       window_toggles(&N));
			if (O.copy_opens)
				printf(" (+%lu copy_*_user each)", O.copy_opens);
			if (O.faults)
				printf(" [faults at access %lu with no injected "
				       "fault]", O.accesses);
			if (!batchable_accesses(&O) && window_toggles(&N))
				printf(" [rewritten opens a window for no access]");
			printf("\n");
		}
	}
	mismatches += bad;
	return bad;
}

/* Runs k = none, 1 .. N (N: accesses the original makes with no fault). */
static void equivalence(const struct kase *c)
{
	unsigned long k, total;
	int mode;

	for (mode = 0; mode < 2; mode++) {
		uacc_unsafe_get_fault_zeroes = mode;
		run_one(&ORIG, c, 0, &O);
		total = O.accesses;
		for (k = 0; k <= total; k++)
			compare(c, k, mode);
	}
}

/* A documented out-of-region case: prints what each side does. */
static void boundary(const struct kase *c)
{
	char b1[64], b2[64];
	unsigned long ow, orr, nw, nr, owb, orb, nwb, nrb;
	int mem = 0, kout, ret;

	uacc_unsafe_get_fault_zeroes = 0;
	run_one(&ORIG, c, 0, &O);
	run_one(&NEW, c, 0, &N);
	ow = done(&O, 'W', &owb);
	orr = done(&O, 'R', &orb);
	nw = done(&N, 'W', &nwb);
	nr = done(&N, 'R', &nrb);
	mem = memcmp(O.user, N.user, sizeof(backing)) != 0;
	kout = O.kout_len != N.kout_len || memcmp(O.kout, N.kout, O.kout_len);
	ret = O.ret != N.ret;
	printf("boundary: %s %s: original ret=%s, %lu write(s) (%lu bytes), "
	       "%lu read(s), %lu toggle(s); rewritten ret=%s, %lu write(s) "
	       "(%lu bytes), %lu read(s), %lu toggle(s); %s%s%s%s%s\n",
	       c->func, c->desc, ret_str(&O, b1, sizeof(b1)), ow, owb, orr,
	       O.opens, ret_str(&N, b2, sizeof(b2)), nw, nwb, nr, N.opens,
	       mem || kout || ret ? "DIFFERENT:" : "same",
	       ret ? " return" : "", mem ? " user-memory" : "",
	       kout ? " kernel-side" : "",
	       N.violations ? "; rewritten breaks a window rule" : "");
	if (N.violations)
		printf("boundary:   rule: %s\n", N.violation);
	if (O.violations)
		printf("boundary:   original rule: %s\n", O.violation);
}

#define MAX_CASES 64
static struct kase cases[MAX_CASES], edges[MAX_CASES];
static int ncases, nedges;

static struct kase *add(struct kase *tab, int *count, const char *func,
			runner run)
{
	struct kase *c;

	if (*count == MAX_CASES)
		abort();
	c = &tab[(*count)++];
	memset(c, 0, sizeof(*c));
	c->func = func;
	c->run = run;
	return c;
}

#define CASE(f) add(cases, &ncases, #f, run_##f)
#define EDGE(f) add(edges, &nedges, #f, run_##f)

static void lists_desc(struct kase *c, const char *where)
{
	char buf[32];
	int i;

	snprintf(c->desc, sizeof(c->desc), "lists=[");
	for (i = 0; i < c->nlists; i++) {
		snprintf(buf, sizeof(buf), "%s%d", i ? "," : "", c->lists[i]);
		strcat(c->desc, buf);
	}
	snprintf(buf, sizeof(buf), "] nfds=%u", c->n);
	strcat(c->desc, buf);
	if (where && *where) {
		strcat(c->desc, " ");
		strcat(c->desc, where);
	}
}

static struct kase *poll_kase(struct kase *c, long off, unsigned int nfds,
			 int nlists, const int *lens, const char *where)
{
	int i;

	c->off = off;
	c->n = nfds;
	c->nlists = nlists;
	for (i = 0; i < nlists; i++)
		c->lists[i] = lens[i];
	lists_desc(c, where);
	return c;
}

static void setup(void)
{
	static const int l1[] = { 3 }, l2[] = { 2, 4 }, l3[] = { 1, 5, 2 };
	struct kase *c;
	const long PF = sizeof(struct pollfd);

	/* put_uevent: two fields of one struct. */
	c = CASE(put_uevent); c->off = 0; c->a = 1; c->b = 0x1122334455667788ull;
	snprintf(c->desc, sizeof(c->desc), "uevent=user+0");
	c = CASE(put_uevent); c->off = 64; c->a = 0xffffffff; c->b = 0;
	snprintf(c->desc, sizeof(c->desc), "uevent=user+64");
	c = CASE(put_uevent); c->off = USER_SIZE - 16; c->a = 0x19; c->b = 42;
	snprintf(c->desc, sizeof(c->desc), "uevent=last");

	/* poll_out: nfds is the total of the list lengths, or more. */
	poll_kase(CASE(poll_out), 0, 3, 1, l1, "");
	poll_kase(CASE(poll_out), 0, 6, 2, l2, "");
	poll_kase(CASE(poll_out), 0, 8, 3, l3, "");
	poll_kase(CASE(poll_out), USER_SIZE - 8 * PF, 8, 3, l3, "at-end");
	poll_kase(CASE(poll_out), 5 * PF, 10, 3, l3, "nfds>entries");
	/* Unmapped user pages below user memory: access_ok() passes there,
	 * the accesses fault. */
	poll_kase(CASE(poll_out), -2 * PF, 8, 3, l3, "ufds[0..1]-unmapped");

	/* get_array */
	{
		static const unsigned int ns[] = { 0, 1, 4, 7 };
		unsigned int i;

		for (i = 0; i < 4; i++) {
			c = CASE(get_array); c->off = 12; c->n = ns[i];
			snprintf(c->desc, sizeof(c->desc), "n=%u", ns[i]);
		}
		c = CASE(get_array); c->off = USER_SIZE - 16 * 4; c->n = 16;
		snprintf(c->desc, sizeof(c->desc), "n=16 at-end");
		c = CASE(get_array); c->null_ptr = 1; c->n = 0;
		snprintf(c->desc, sizeof(c->desc), "n=0 u=NULL");
	}

	/* read_then_write */
	c = CASE(read_then_write); c->off = 0; c->a = 7;
	snprintf(c->desc, sizeof(c->desc), "ulen=user+0 klen=7");
	c = CASE(read_then_write); c->off = USER_SIZE - 4; c->a = (u64)-1;
	snprintf(c->desc, sizeof(c->desc), "ulen=last klen=-1");

	/* three_elements */
	c = CASE(three_elements); c->off = 0; c->a = 0xdeadbeef;
	snprintf(c->desc, sizeof(c->desc), "u=user+0 flag=0");
	c = CASE(three_elements); c->off = USER_SIZE - 12; c->a = 5;
	snprintf(c->desc, sizeof(c->desc), "u=last3 flag=0");
	c = CASE(three_elements); c->off = 0; c->a = 1; c->flag = 1;
	snprintf(c->desc, sizeof(c->desc), "u=user+0 flag=1");
	c = CASE(three_elements); c->off = -4; c->a = 9;
	snprintf(c->desc, sizeof(c->desc), "u=user-4 (u[0] unmapped) flag=0");
	c = CASE(get_array); c->off = -8; c->n = 4;
	snprintf(c->desc, sizeof(c->desc), "n=4 u=user-8 (u[0..1] unmapped)");

	/* Boundary: pointers that leave user memory. */
	c = EDGE(put_uevent); c->null_ptr = 1; c->a = 1; c->b = 2;
	snprintf(c->desc, sizeof(c->desc), "uevent=NULL");
	c = EDGE(put_uevent); c->off = USER_SIZE - 8; c->a = 1; c->b = 2;
	snprintf(c->desc, sizeof(c->desc),
		 "uevent=end-8 (events inside, data at a kernel address)");
	c = EDGE(get_array); c->off = USER_SIZE - 8; c->n = 4;
	snprintf(c->desc, sizeof(c->desc),
		 "u=end-8 n=4 (u[0..1] inside, u[2..3] kernel addresses)");
	c = EDGE(get_array); c->off = USER_SIZE + 8; c->n = 0;
	snprintf(c->desc, sizeof(c->desc), "u=end+8 n=0 (a kernel address)");
	c = EDGE(read_then_write); c->off = USER_SIZE; c->a = 3;
	snprintf(c->desc, sizeof(c->desc), "ulen=end (a kernel address)");
	c = EDGE(three_elements); c->off = USER_SIZE - 8; c->a = 9;
	snprintf(c->desc, sizeof(c->desc),
		 "u=end-8 (u[0..1] inside, u[2] a kernel address)");
	poll_kase(EDGE(poll_out), USER_SIZE - 7 * PF, 8, 3, l3,
		  "(ufds[7] a kernel address)");
	/* The rewrite's window length comes from nfds; the original never
	 * relied on nfds matching the lists. */
	poll_kase(EDGE(poll_out), 0, 6, 3, l3, "(nfds<entries)");
}

int main(void)
{
	unsigned int seed = 12345;
	size_t i;
	int f;
	static const char *funcs[] = { "put_uevent", "poll_out", "get_array",
				       "read_then_write", "three_elements" };
	unsigned long fruns, fmis;

	for (i = 0; i < sizeof(initial); i++) {
		seed = seed * 1103515245u + 12345u;
		initial[i] = (unsigned char)(seed >> 16);
	}
	uacc_register_user_memory(U(0), USER_SIZE);
	setup();

	for (f = 0; f < 5; f++) {
		unsigned long r0 = runs, m0 = mismatches;
		int j;

		for (j = 0; j < ncases; j++)
			if (!strcmp(cases[j].func, funcs[f]))
				equivalence(&cases[j]);
		fruns = runs - r0;
		fmis = mismatches - m0;
		printf("function %s: %lu runs, %lu mismatches\n", funcs[f],
		       fruns, fmis);
	}
	for (i = 0; i < 2; i++)
		printf("kernel-side differences after a fault, mode %s: %lu%s%s\n",
		       mode_name[i], kdiffs[i], kdiffs[i] ? " in " : "",
		       kdiff_funcs[i]);
	for (f = 0; f < nedges; f++)
		boundary(&edges[f]);
	printf("equivalence: 5 functions, %lu runs, %lu mismatches\n", runs,
	       mismatches);
	return mismatches ? 1 : 0;
}
