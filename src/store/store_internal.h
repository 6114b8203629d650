/* Shared between the store's own files only. */
#ifndef STUDPOKER_STORE_INTERNAL_H
#define STUDPOKER_STORE_INTERNAL_H

#include "store.h"

#define STORE_RULES_MAX_BYTES 4096

/* Canonical rules encoding: returns the bytes needed (nothing written when cap is short). */
size_t store_rules_encode(const rules_t *r, uint8_t *buf, size_t cap);
bool store_rules_decode(const uint8_t *buf, size_t len, rules_t *r);

const char *store_action_name(int type);
bool store_action_from_name(const char *name, int *type);
const char *store_outcome_key(round_outcome_t o);
bool store_outcome_from_key(const char *key, round_outcome_t *o);
bool store_wager_from_key(const char *key, wager_t *w);

void store_cards_text(const card_t *cards, int n, char *out, size_t cap);
int store_cards_parse(const char *text, card_t *out, int max); /* -1 on a bad list */
void store_stakes_text(const int64_t stakes[WAGER_COUNT], char *out, size_t cap);
bool store_stakes_parse(const char *text, int64_t stakes[WAGER_COUNT]);
void store_hex(const uint8_t *bytes, size_t n, char *out); /* out: 2n+1 */

/* ---- the store itself, shared by the store's files ---- */

#include <sqlite3.h>
#include <sodium.h>
#include <stdarg.h>

#define APPLICATION_ID      0x53505354 /* "SPST" */
#define APPLICATION_ID_TEXT "1397773140"
#define MAC_BYTES           32
#define SPARE_BYTES         65536 /* pages a void can free when the disk is full */

/* The newest row of a chained table: its rowid and checksum (zero: the table is empty). */
typedef struct st_head {
    int64_t rowid;
    uint8_t mac[MAC_BYTES];
} st_head_t;

#define ST_NCHAINED         16
#define ST_NCHAINED_V2      13 /* the chained tables of schema 2 before commits */
#define ST_NCURRENT         4
#define ST_MAX_SUMS         512
#define ST_CHECKPOINT_GAMES STORE_CHECKPOINT_GAMES
#define ST_STMT_CACHE       160 /* a checkpoint at least every this many finished rounds */

typedef struct st_sums {
    int n;
    struct {
        char name[56];
        int64_t value;
    } v[ST_MAX_SUMS];
} st_sums_t;

/* A verified point: the newest row of every chained table, and the sums of all rows up to it. */
typedef struct st_checkpoint {
    int64_t id;
    st_head_t mark[ST_NCHAINED];
    st_sums_t sums;
} st_checkpoint_t;

/* The anchor's record (store_anchor.c). */
typedef struct st_anchor_rec {
    int64_t seq;         /* which write this is; the newer of the two slots wins */
    int64_t committed_n; /* the newest commit the database holds for certain */
    uint8_t committed_mac[MAC_BYTES];
    int64_t pending_n; /* a commit being written (0 = none) */
    uint8_t pending_mac[MAC_BYTES];
    int64_t last_game, last_ledger, last_ticket, utc;
    int64_t nonempty; /* 1 once the machine has recorded a game or money */
} st_anchor_rec_t;

struct store {
    sqlite3 *db;
    uint8_t key[STORE_KEY_BYTES]; /* the row key: the machine key and this database's id */
    char db_id[40];
    store_state_t state;
    int64_t schema_version; /* the database's (older only when read-only: st_schema_read_old) */
    bool read_only;
    bool no_sync;         /* tests: no fsync of the anchor either */
    bool msg_set;         /* the first failure of an operation names it */
    bool integrity;       /* that failure was a failed check, not a failed write */
    bool fault_integrity; /* the fault that stopped the store was a failed check */
    bool rollback;        /* ... and the database is older than its anchor */
    char msg[STORE_MSG_LEN];
    char fault[STORE_MSG_LEN];      /* why the store is WRITE_FAILED or FAULTED */
    int64_t delta[RULES_MAX_SEATS]; /* credit movements of the open transaction, per seat */
    /* the chains: the newest row of each chained table, and as it was when the open
     * transaction began (a rollback puts it back) */
    st_head_t head[ST_NCHAINED], head_tx[ST_NCHAINED];
    bool in_tx, tx_chained;
    bool nonempty, nonempty_tx;
    st_checkpoint_t *verified; /* what the last check verified (the next checkpoint) */
    int64_t games_since_checkpoint;
    /* the anchor: a file outside the database that holds its newest commit */
    int anchor_fd; /* -1: no anchor (tests, tools) */
    char anchor_path[STORE_PATH_LEN];
    st_anchor_rec_t anchor;
    bool anchor_failed;
    bool skip_anchor_done; /* tests: a power cut after every commit */
    int batch, batched;    /* benchmarks: commits per SQLite transaction, and so far */
    int bg_table;          /* the background check: the table it reads, and where */
    st_head_t bg_at;
    int64_t bg_cycles;
    int64_t anchor_restore_ticket; /* accept-restore: the last ticket the anchor knew */
    /* the round in play */
    int64_t game;
    rules_t rules; /* as recorded */
    uint8_t rules_hash[STORE_HASH_BYTES];
    round_t *shadow, *backup;
    jackpot_pool_t pool, pool_backup, pool_begin;
    bool has_pool;
    char pool_key[64];
    int nactions;
    round_action_t actions[STORE_MAX_ACTIONS];
    struct round_head *head_scratch; /* scratch for reading a round */
    int fail_after, commits;         /* tests: simulated full disk */
    struct {
        uint32_t hash;
        sqlite3_stmt *st;
    } cache[ST_STMT_CACHE]; /* prepared statements, reused */
    int ncached;
    bool fail_marker;
};

typedef struct mac {
    crypto_generichash_state st;
} mac_t;

typedef struct sv {
    char t; /* 'i', 't', 'b', 'n' */
    int64_t i;
    const void *p;
    int n;
} sv_t;

/* The fixed part of a round: deck, seats, REPEAT bets, pool snapshot, rules. */
typedef struct round_head {
    int64_t game, utc;
    char preset[32];
    uint8_t hash[STORE_HASH_BYTES];
    rules_t rules;
    deck_t deck;
    int nseats;
    int64_t credits[RULES_MAX_SEATS];
    int64_t last[RULES_MAX_SEATS * WAGER_COUNT];
    bool has_pool;
    char pool_key[64];
    jackpot_pool_t pool;
    int nactions;
    round_action_t actions[STORE_MAX_ACTIONS];
} round_head_t;

extern const char *const ST_CHAINED[ST_NCHAINED];
extern const char *const ST_CURRENT[ST_NCURRENT];
int st_chain_index(const char *table); /* -1: not a chained table */
typedef bool (*st_migration_fn)(store_t *);
extern const st_migration_fn ST_MIGRATIONS[STORE_SCHEMA_VERSION];

/* store_db.c */
bool st_broken(store_t *s, const char *fmt, ...);
const char *st_col_text(sqlite3_stmt *st, int i);
bool st_db_fail(store_t *s, const char *doing);
bool st_exec(store_t *s, const char *sql, const char *doing);
/* The checksum of the current row of a statement whose columns first..ncol-2 are the table's
 * columns and whose last is `mac`; prev: the checksum of the row before (chained tables), else
 * NULL. out (may be NULL) gets the stored checksum. */
bool st_mac_check_row(const store_t *s, const char *table, sqlite3_stmt *st, int first,
                      const uint8_t *prev, uint8_t *out);
/* A digest of the newest row of every chained table but commits. */
void st_heads_digest(const store_t *s, uint8_t out[MAC_BYTES]);
bool st_load_heads(store_t *s);
void st_mac_end(mac_t *m, uint8_t out[MAC_BYTES]);
void st_mac_int(mac_t *m, int64_t v);
void st_mac_start(const store_t *s, mac_t *m, const char *table);
int64_t st_now_utc(void);
sqlite3_stmt *st_prep(store_t *s, const char *doing, const char *sql, const char *fmt, ...);
void st_finish(store_t *s, sqlite3_stmt *st); /* hands a statement of st_prep back */
void st_cache_clear(store_t *s);
bool st_q_int(store_t *s, int64_t *out, int64_t def, const char *doing, const char *sql);
store_status_t st_refuse(store_t *s, const char *fmt, ...);
bool st_bind_sv(sqlite3_stmt *st, int idx, const sv_t *v);
bool st_row_insert(store_t *s, const char *table, const sv_t *v, int n, const char *doing);
bool st_row_write(store_t *s, const char *table, const sv_t *v, int n, bool upsert,
                  const char *doing);
void st_start_op(store_t *s);
void st_say(char *err, size_t errlen, const char *fmt, ...);
sv_t st_sv_blob(const void *p, int n);
sv_t st_sv_int(int64_t v);
sv_t st_sv_text(const char *t);

/* store_ledger.c */
bool st_audit_add(store_t *s, const char *event, int64_t game, int seat, int64_t amount,
                  const char *detail);
bool st_last_game(store_t *s, int64_t *game);
bool st_lock_add(store_t *s, const char *kind, int64_t game, int seat, int64_t amount,
                 const char *reason);
bool st_meter_add(store_t *s, int64_t game, int seat, const char *name, int64_t amount);
int st_meter_sign(const char *name);
bool st_pool_get(store_t *s, const char *key, jackpot_pool_t *p, bool *exists);
bool st_pool_put(store_t *s, const char *key, const jackpot_pool_t *old, const jackpot_pool_t *now,
                 int64_t game, const char *why);
bool st_read_value(store_t *s, const char *table, const char *keycol, sv_t key, int64_t *value,
                   bool *exists);
bool st_tx_begin(store_t *s);
bool st_tx_commit(store_t *s);
void st_tx_rollback(store_t *s);
bool st_wager_meter(store_t *s, int64_t game, int seat, const char *prefix, wager_t w,
                    int64_t amount);

/* store_schema.c */
bool st_schema_create(store_t *s, const uint8_t machine_key[STORE_KEY_BYTES]);
bool st_check_schema(store_t *s); /* against s->schema_version's schema */
/* A read-only look at a database of an older version (an audit): the tables later versions added
 * are made as empty TEMP tables, so every query reads them as a database without such records. */
bool st_schema_read_old(store_t *s, int64_t version);
void st_derive_key(store_t *s, const uint8_t machine_key[STORE_KEY_BYTES], const char *db_id);
void st_row_key(const uint8_t machine_key[STORE_KEY_BYTES], const char *db_id,
                uint8_t out[STORE_KEY_BYTES]);
void st_key_check_text(const store_t *s, char out[2 * MAC_BYTES + 1]);
bool st_meta_get(store_t *s, const char *key, char *out, size_t cap);
void st_void_marker_text(const store_t *s, int64_t game, char out[128]);

/* store_check.c: every check; full: from the first row (else from the newest checkpoint);
 * page_check: SQLite's page check too. Leaves in s->verified what it verified. */
bool st_run_checks(store_t *s, bool full, bool page_check);
bool st_checkpoint_write(store_t *s);
int64_t st_sum_get(const st_sums_t *m, const char *name);

/* store_anchor.c. CHECK: the database must match the anchor (no anchor: only an empty database
 * starts one); CREATE: a new database's first anchor; ACCEPT: a technician accepts the database
 * as it is (note: what the anchor said). */
typedef enum st_anchor_mode {
    ST_ANCHOR_CHECK,
    ST_ANCHOR_CREATE,
    ST_ANCHOR_ACCEPT
} st_anchor_mode_t;
bool st_anchor_attach(store_t *s, const char *path, st_anchor_mode_t mode, char *note,
                      size_t notecap);
/* The anchor of a database that cannot be opened (it is missing): state 1 = read, 0 = none,
 * -1 = unreadable. False: the file cannot be read at all. */
bool st_anchor_peek(const uint8_t machine_key[STORE_KEY_BYTES], const char *path,
                    st_anchor_rec_t *rec, int *state);
bool st_anchor_intent(store_t *s); /* before COMMIT */
void st_anchor_done(store_t *s);   /* after COMMIT */
void st_anchor_close(store_t *s);

/* store_open.c */
store_status_t st_fault(store_t *s);
store_status_t st_need_idle(store_t *s, const char *what);
store_status_t st_need_writable(store_t *s);
bool st_seat_ok(int seat);
void st_settle_state(store_t *s);
store_status_t st_write_failed(store_t *s, bool in_round);

/* store_link.c: the link's items of a settled round, in its transaction */
bool st_link_queue_round(store_t *s, int64_t game, const round_t *r);

/* store_ticket.c: the tickets printed before the register (voucher-out audit rows only) entered
 * in it, with their voucher_out meters, in the caller's transaction */
bool st_tickets_carry(store_t *s, int64_t game);
/* store_ticket.c's rows for store_ticket_floor.c: a validation number's form, a ticket and its
 * fate, an event of the register, the redemption's rows (in the caller's transaction), whether
 * a seat may take amount now */
#define ST_TICKET_ELSEWHERE "voucher-paid-elsewhere"
bool st_ticket_digits_ok(const char *v);
bool st_ticket_read(store_t *s, const char *validation, store_ticket_t *t, bool *found);
bool st_ticket_event_add(store_t *s, const char *validation, const char *event, int64_t amount,
                         const char *place, const char *detail);
bool st_ticket_credit_rows(store_t *s, int seat, const char *validation, int64_t amount,
                           const char *place, const char *detail);
store_status_t st_ticket_can_credit(store_t *s, int seat, int64_t amount);

/* store_round.c */
bool st_load_head(store_t *s, int64_t game, round_head_t *h);
bool st_load_in_play(store_t *s);
bool st_same_pool(const jackpot_pool_t *a, const jackpot_pool_t *b);

#endif
