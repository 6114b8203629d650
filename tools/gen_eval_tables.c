/* gen_eval_tables: writes the lookup tables of the hand evaluator (src/core/eval) as C source.
 *
 * Runs at build time, so the game starts with its tables ready and read-only. Every value here
 * is derived from the rules of poker by slow, plain code (count the ranks, look for a straight);
 * the tests then check the fast evaluator against independent published counts.
 *
 * How the fast evaluator works (see eval.h):
 * - Each of the 7,462 distinct five-card hand classes gets a value 1..7462, higher is better.
 * - A hand is a running sum of per-card keys: the low 32 bits add up rank keys chosen so that
 *   every multiset of up to seven ranks (at most four of each) has a different sum; bits 32..47
 *   hold one 4-bit counter per suit, started at 3, so that bit 3 of a counter is set exactly
 *   when five or more cards share that suit.
 * - With no flush the rank sum is looked up through a two-level perfect hash (row offset +
 *   column); with a flush the 13-bit rank mask of that suit indexes a flush table. For up to
 *   seven cards a flush always beats whatever the other cards make except a straight flush,
 *   which the flush table itself finds.
 *
 * Usage: gen_eval_tables OUT.c OUT.h */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RANKS     13
#define MAX_CARDS 7
#define CLASSES   7462

/* ---- the slow reference: a comparable key for five ranks ---- */

enum {
    CAT_HIGH,
    CAT_PAIR,
    CAT_TWO_PAIR,
    CAT_TRIPS,
    CAT_STRAIGHT,
    CAT_FLUSH,
    CAT_FULL_HOUSE,
    CAT_QUADS,
    CAT_STRAIGHT_FLUSH,
    CAT_ROYAL
};

/* Returns the high rank of the straight the five distinct ranks make, or -1. */
static int straight_high(const int count[RANKS]) {
    for (int hi = RANKS - 1; hi >= 4; hi--) {
        int ok = 1;
        for (int k = 0; k < 5; k++) ok &= count[hi - k] == 1;
        if (ok) return hi;
    }
    if (count[12] == 1 && count[0] == 1 && count[1] == 1 && count[2] == 1 && count[3] == 1)
        return 3; /* A-2-3-4-5 is a five-high straight */
    return -1;
}

/* Category in bits 20..23, then the ranks that break ties, most significant first, 4 bits each
 * (groups by size then rank: the pair before its kickers, trips before the pair of a full
 * house). Keys of two hands compare as the hands do. */
static uint32_t class_key(const int ranks[5], int flush) {
    int count[RANKS] = {0};
    for (int i = 0; i < 5; i++) count[ranks[i]]++;
    int order[5], n = 0;
    for (int size = 4; size >= 1; size--)
        for (int r = RANKS - 1; r >= 0; r--)
            if (count[r] == size) order[n++] = r;
    int groups = n;
    int sh = straight_high(count);
    int cat;
    if (sh >= 0 && flush)
        cat = sh == 12 ? CAT_ROYAL : CAT_STRAIGHT_FLUSH;
    else if (count[order[0]] == 4)
        cat = CAT_QUADS;
    else if (count[order[0]] == 3 && count[order[1]] == 2)
        cat = CAT_FULL_HOUSE;
    else if (flush)
        cat = CAT_FLUSH;
    else if (sh >= 0)
        cat = CAT_STRAIGHT;
    else if (count[order[0]] == 3)
        cat = CAT_TRIPS;
    else if (count[order[0]] == 2 && count[order[1]] == 2)
        cat = CAT_TWO_PAIR;
    else if (count[order[0]] == 2)
        cat = CAT_PAIR;
    else
        cat = CAT_HIGH;
    uint32_t key = (uint32_t)(cat == CAT_ROYAL ? CAT_STRAIGHT_FLUSH : cat) << 20;
    if (cat == CAT_STRAIGHT || cat == CAT_STRAIGHT_FLUSH || cat == CAT_ROYAL) {
        key |= (uint32_t)sh << 16;
    } else {
        for (int i = 0; i < groups; i++) key |= (uint32_t)order[i] << (16 - 4 * i);
    }
    return key;
}

static uint32_t sorted_keys[CLASSES + 1000];
static uint32_t sorted_info[CLASSES + 1000];
static int nclasses;

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static int add_class(const int ranks[5], int flush) {
    if (nclasses >= CLASSES + 1000) return -1;
    sorted_keys[nclasses++] = class_key(ranks, flush);
    return 0;
}

/* Value 1..7462 of a key, by binary search in the sorted class list. */
static int value_of_key(uint32_t key) {
    int lo = 0, hi = nclasses - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (sorted_keys[mid] == key) return mid + 1;
        if (sorted_keys[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    fprintf(stderr, "gen_eval_tables: key %x has no class\n", key);
    exit(1);
}

static void build_classes(void) {
    int r[5];
    /* every multiset of five ranks with at most four of a rank, non-flush */
    for (r[0] = 0; r[0] < RANKS; r[0]++)
        for (r[1] = r[0]; r[1] < RANKS; r[1]++)
            for (r[2] = r[1]; r[2] < RANKS; r[2]++)
                for (r[3] = r[2]; r[3] < RANKS; r[3]++)
                    for (r[4] = r[3]; r[4] < RANKS; r[4]++) {
                        if (r[0] == r[4]) continue; /* five of a rank */
                        add_class(r, 0);
                        int distinct = r[0] < r[1] && r[1] < r[2] && r[2] < r[3] && r[3] < r[4];
                        if (distinct) add_class(r, 1);
                    }
    qsort(sorted_keys, (size_t)nclasses, sizeof sorted_keys[0], cmp_u32);
    int n = 0;
    for (int i = 0; i < nclasses; i++)
        if (n == 0 || sorted_keys[i] != sorted_keys[n - 1]) sorted_keys[n++] = sorted_keys[i];
    nclasses = n;
    if (nclasses != CLASSES) {
        fprintf(stderr, "gen_eval_tables: %d hand classes, expected %d\n", nclasses, CLASSES);
        exit(1);
    }
    /* info words, in value order: rebuild from the keys (the royal is the top straight flush) */
    for (int i = 0; i < nclasses; i++) {
        uint32_t k = sorted_keys[i];
        uint32_t cat = k >> 20;
        if (cat == CAT_STRAIGHT_FLUSH && ((k >> 16) & 15) == 12)
            k = (k & 0xFFFFF) | CAT_ROYAL << 20;
        sorted_info[i] = k;
    }
}

/* ---- rank keys: sums unique over every multiset of up to 7 ranks, at most 4 of each ---- */

typedef struct {
    uint32_t sum;
    uint8_t size;
} partial_t;

static uint32_t rank_key[RANKS];

/* What find_rank_keys() finds (each key the smallest that keeps every sum unique). The search
 * takes seconds, so the build uses these and still checks that every sum is unique;
 * `gen_eval_tables --search-keys` runs the search again. */
static const uint32_t KNOWN_RANK_KEYS[RANKS] = {
    1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520};

static uint8_t *bitmap;
static size_t bitmap_bits;

static int test_bit(uint32_t v) {
    return v < bitmap_bits && (bitmap[v >> 3] >> (v & 7)) & 1;
}
static void set_bit(uint32_t v) {
    bitmap[v >> 3] |= (uint8_t)(1u << (v & 7));
}
static void clear_bit(uint32_t v) {
    bitmap[v >> 3] &= (uint8_t) ~(1u << (v & 7));
}

static void find_rank_keys(void) {
    bitmap_bits = (size_t)1 << 27;
    bitmap = calloc(bitmap_bits / 8, 1);
    size_t cap = 200000;
    partial_t *sums = malloc(cap * sizeof *sums);
    uint32_t *added = malloc(cap * sizeof *added);
    if (!bitmap || !sums || !added) exit(1);
    size_t nsums = 1;
    sums[0] = (partial_t){0, 0};
    set_bit(0);
    uint32_t candidate = 1;
    for (int rank = 0; rank < RANKS; rank++) {
        for (;; candidate++) {
            size_t nadded = 0;
            int ok = 1;
            for (size_t i = 0; i < nsums && ok; i++) {
                for (int c = 1; c <= 4 && sums[i].size + c <= MAX_CARDS; c++) {
                    uint32_t s = sums[i].sum + (uint32_t)c * candidate;
                    if (s >= bitmap_bits || test_bit(s)) {
                        ok = 0;
                        break;
                    }
                    set_bit(s);
                    added[nadded++] = s;
                }
            }
            if (ok) break;
            for (size_t i = 0; i < nadded; i++) clear_bit(added[i]);
        }
        rank_key[rank] = candidate;
        size_t old = nsums;
        for (size_t i = 0; i < old; i++)
            for (int c = 1; c <= 4 && sums[i].size + c <= MAX_CARDS; c++)
                sums[nsums++] =
                    (partial_t){sums[i].sum + (uint32_t)c * candidate, (uint8_t)(sums[i].size + c)};
        candidate++;
    }
    free(sums);
    free(added);
    free(bitmap);
}

/* ---- non-flush values of every rank multiset of 5..7 cards ---- */

typedef struct {
    uint32_t sum;
    uint16_t value;
} entry_t;

static entry_t *entries;
static size_t nentries;

static int best_nonflush(const int *ranks, int n) {
    int best = 0;
    int idx[5];
    for (idx[0] = 0; idx[0] < n; idx[0]++)
        for (idx[1] = idx[0] + 1; idx[1] < n; idx[1]++)
            for (idx[2] = idx[1] + 1; idx[2] < n; idx[2]++)
                for (idx[3] = idx[2] + 1; idx[3] < n; idx[3]++)
                    for (idx[4] = idx[3] + 1; idx[4] < n; idx[4]++) {
                        int r[5];
                        for (int k = 0; k < 5; k++) r[k] = ranks[idx[k]];
                        int v = value_of_key(class_key(r, 0));
                        if (v > best) best = v;
                    }
    return best;
}

static void collect_entries(int rank, int count[RANKS], int size) {
    if (rank == RANKS) {
        if (size < 5) return;
        int ranks[MAX_CARDS], n = 0;
        uint32_t sum = 0;
        for (int r = 0; r < RANKS; r++)
            for (int c = 0; c < count[r]; c++) ranks[n++] = r, sum += rank_key[r];
        entries[nentries++] = (entry_t){sum, (uint16_t)best_nonflush(ranks, n)};
        return;
    }
    for (int c = 0; c <= 4 && size + c <= MAX_CARDS; c++) {
        count[rank] = c;
        collect_entries(rank + 1, count, size + c);
    }
    count[rank] = 0;
}

/* ---- the two-level perfect hash ---- */

static int row_shift;
static uint32_t *row_offset;
static size_t nrows;
static uint16_t *table;
static size_t table_size;

typedef struct {
    uint32_t row;
    uint32_t first, count; /* range in the entries sorted by sum */
} row_t;

static int cmp_entry(const void *a, const void *b) {
    const entry_t *x = a, *y = b;
    return x->sum < y->sum ? -1 : x->sum > y->sum;
}
static int cmp_row_desc(const void *a, const void *b) {
    const row_t *x = a, *y = b;
    if (x->count != y->count) return x->count < y->count ? 1 : -1;
    return x->row < y->row ? -1 : x->row > y->row;
}

/* First fit, biggest rows first. Returns the table size. */
static size_t pack(int shift, int commit) {
    uint32_t max_sum = entries[nentries - 1].sum;
    size_t rows = (max_sum >> shift) + 1;
    uint32_t colmask = (1u << shift) - 1;
    row_t *rv = calloc(rows, sizeof *rv);
    for (size_t r = 0; r < rows; r++) rv[r].row = (uint32_t)r;
    for (size_t i = 0; i < nentries; i++) {
        row_t *row = &rv[entries[i].sum >> shift];
        if (row->count == 0) row->first = (uint32_t)i;
        row->count++;
    }
    qsort(rv, rows, sizeof *rv, cmp_row_desc);
    size_t cap = (size_t)max_sum + ((size_t)1 << shift) + 16; /* enough even unpacked */
    uint8_t *used = calloc(cap, 1);
    uint32_t *offs = calloc(rows, sizeof *offs);
    size_t size = 0;
    size_t start = 0; /* every slot before this one is taken */
    for (size_t k = 0; k < rows && rv[k].count; k++) {
        const row_t *row = &rv[k];
        uint32_t first_col = entries[row->first].sum & colmask;
        size_t off = start > first_col ? start - first_col : 0;
        for (;; off++) {
            int fits = 1;
            for (uint32_t i = 0; i < row->count && fits; i++)
                fits = !used[off + (entries[row->first + i].sum & colmask)];
            if (fits) break;
        }
        for (uint32_t i = 0; i < row->count; i++) {
            size_t slot = off + (entries[row->first + i].sum & colmask);
            used[slot] = 1;
            if (slot + 1 > size) size = slot + 1;
        }
        offs[row->row] = (uint32_t)off;
        while (start < cap && used[start]) start++;
    }
    if (commit) {
        row_shift = shift;
        nrows = rows;
        row_offset = offs;
        table_size = size;
        table = calloc(size, sizeof *table);
        for (size_t i = 0; i < nentries; i++) {
            uint32_t s = entries[i].sum;
            table[offs[s >> shift] + (s & colmask)] = entries[i].value;
        }
    } else {
        free(offs);
    }
    free(used);
    free(rv);
    return size;
}

/* ---- flush table ---- */

static uint16_t flush_value[1 << RANKS];

static void build_flush_table(void) {
    for (int mask = 0; mask < (1 << RANKS); mask++) {
        int ranks[RANKS], n = 0;
        for (int r = 0; r < RANKS; r++)
            if (mask >> r & 1) ranks[n++] = r;
        if (n < 5 || n > MAX_CARDS) continue;
        int best = 0, idx[5];
        for (idx[0] = 0; idx[0] < n; idx[0]++)
            for (idx[1] = idx[0] + 1; idx[1] < n; idx[1]++)
                for (idx[2] = idx[1] + 1; idx[2] < n; idx[2]++)
                    for (idx[3] = idx[2] + 1; idx[3] < n; idx[3]++)
                        for (idx[4] = idx[3] + 1; idx[4] < n; idx[4]++) {
                            int r[5];
                            for (int k = 0; k < 5; k++) r[k] = ranks[idx[k]];
                            int v = value_of_key(class_key(r, 1));
                            if (v > best) best = v;
                        }
        flush_value[mask] = (uint16_t)best;
    }
}

/* ---- output ---- */

static void write_u16(FILE *f, const char *name, const uint16_t *v, size_t n) {
    fprintf(f, "const uint16_t %s[%zu] = {", name, n);
    for (size_t i = 0; i < n; i++) fprintf(f, "%s%u,", i % 16 ? "" : "\n", v[i]);
    fprintf(f, "\n};\n\n");
}
static void write_u32(FILE *f, const char *name, const uint32_t *v, size_t n, int hex) {
    fprintf(f, "const uint32_t %s[%zu] = {", name, n);
    for (size_t i = 0; i < n; i++)
        fprintf(f, hex ? "%s0x%06xu," : "%s%uu,", i % 10 ? "" : "\n", v[i]);
    fprintf(f, "\n};\n\n");
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "--search-keys") == 0) {
        find_rank_keys();
        for (int r = 0; r < RANKS; r++) printf("%u%s", rank_key[r], r + 1 < RANKS ? ", " : "\n");
        return 0;
    }
    if (argc != 3) {
        fprintf(stderr, "usage: gen_eval_tables OUT.c OUT.h | --search-keys\n");
        return 2;
    }
    build_classes();
    memcpy(rank_key, KNOWN_RANK_KEYS, sizeof rank_key);
    size_t cap = 200000;
    entries = malloc(cap * sizeof *entries);
    int count[RANKS] = {0};
    collect_entries(0, count, 0);
    qsort(entries, nentries, sizeof *entries, cmp_entry);
    for (size_t i = 1; i < nentries; i++)
        if (entries[i].sum == entries[i - 1].sum) {
            fprintf(stderr, "gen_eval_tables: rank keys are not unique\n");
            return 1;
        }
    /* 2^10 columns a row packed smallest (rows + table) of the widths 2^9..2^14 when measured. */
    pack(10, 1);
    build_flush_table();

    FILE *h = fopen(argv[2], "w");
    FILE *c = fopen(argv[1], "w");
    if (!h || !c) {
        perror("gen_eval_tables");
        return 1;
    }
    fprintf(h,
            "/* Generated by tools/gen_eval_tables.c at build time. Do not edit. */\n"
            "#ifndef STUDPOKER_EVAL_TABLES_H\n#define STUDPOKER_EVAL_TABLES_H\n"
            "#include <stdint.h>\n"
            "#define EVAL_ROW_SHIFT %d\n#define EVAL_COL_MASK 0x%xu\n"
            "#define EVAL_RANK_TABLE_SIZE %zu\n#define EVAL_ROWS %zu\n"
            "#define EVAL_CLASSES %d\n"
            "extern const uint64_t eval_card_key[52];\n"
            "extern const uint32_t eval_row_offset[EVAL_ROWS];\n"
            "extern const uint16_t eval_rank_value[EVAL_RANK_TABLE_SIZE];\n"
            "extern const uint16_t eval_flush_value[8192];\n"
            "extern const uint32_t eval_value_info[EVAL_CLASSES + 1];\n"
            "#endif\n",
            row_shift, (1u << row_shift) - 1, table_size, nrows, CLASSES);
    fprintf(c,
            "/* Generated by tools/gen_eval_tables.c at build time. Do not edit.\n"
            " * rank table: %zu entries for %zu rank multisets, %zu rows of 2^%d columns */\n"
            "#include \"eval_tables.h\"\n\n",
            table_size, nentries, nrows, row_shift);
    fprintf(c, "const uint64_t eval_card_key[52] = {");
    for (int card = 0; card < 52; card++)
        fprintf(c, "%s0x%016llxull,", card % 4 ? "" : "\n",
                (unsigned long long)rank_key[card >> 2] + (1ull << (32 + 4 * (card & 3))));
    fprintf(c, "\n};\n\n");
    write_u32(c, "eval_row_offset", row_offset, nrows, 0);
    write_u16(c, "eval_rank_value", table, table_size);
    write_u16(c, "eval_flush_value", flush_value, 1 << RANKS);
    uint32_t info[CLASSES + 1] = {0};
    for (int i = 0; i < CLASSES; i++) info[i + 1] = sorted_info[i];
    write_u32(c, "eval_value_info", info, CLASSES + 1, 1);
    if (fclose(c) || fclose(h)) {
        perror("gen_eval_tables");
        return 1;
    }
    fprintf(stderr, "gen_eval_tables: keys up to %u, %zu multisets, table %zu x u16, %zu rows\n",
            rank_key[RANKS - 1], nentries, table_size, nrows);
    return 0;
}
