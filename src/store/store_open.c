/* Opening (creating when new), closing and verifying a store; the guards of its state. See store.h
 * for the contract. */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- open and close ---- */

const char *store_state_name(store_state_t st) {
    static const char *const names[] = {"ready", "in play", "locked", "write failed", "faulted"};
    return st >= STORE_READY && st <= STORE_FAULTED ? names[st] : "?";
}

store_state_t store_state(const store_t *s) {
    return s ? s->state : STORE_FAULTED;
}
uint64_t store_generation(const store_t *s) {
    return s && s->db ? (uint64_t)sqlite3_total_changes64(s->db) : 0;
}

const char *store_message(const store_t *s) {
    if (!s) return "out of memory";
    /* a fault stays the message whatever was asked of the store after it */
    return s->state == STORE_FAULTED && s->fault[0] ? s->fault : s->msg;
}

const char *store_fault_title(const store_t *s) {
    if (!s) return "MACHINE FAULT - CALL ATTENDANT";
    if (s->state == STORE_FAULTED && s->rollback) return "MEMORY ROLLBACK - CALL ATTENDANT";
    if (s->state == STORE_FAULTED && s->fault_integrity) return "MEMORY ERROR - CALL ATTENDANT";
    if (s->state == STORE_FAULTED || s->state == STORE_WRITE_FAILED)
        return "MACHINE FAULT - CALL ATTENDANT";
    return "";
}
int64_t store_game_in_play(const store_t *s) {
    return s->game;
}
const round_t *store_round_in_play(const store_t *s) {
    return s->game ? s->shadow : NULL;
}
int store_round_action_count(const store_t *s) {
    return s->game ? s->nactions : 0;
}

static int64_t count_locks(store_t *s) {
    int64_t n = 0;
    st_q_int(s, &n, 0, "reading the locks",
             "SELECT COUNT(*) FROM locks WHERE id NOT IN (SELECT lock_id FROM lock_clears)");
    return n;
}

void st_settle_state(store_t *s) {
    if (s->state == STORE_FAULTED || s->state == STORE_WRITE_FAILED) return;
    s->state = s->game ? STORE_IN_PLAY : count_locks(s) ? STORE_LOCKED : STORE_READY;
}

store_status_t st_fault(store_t *s) {
    if (s->state != STORE_FAULTED) s->fault_integrity = s->integrity;
    s->state = STORE_FAULTED;
    if (!s->msg[0]) snprintf(s->msg, sizeof s->msg, "The database failed a check.");
    memcpy(s->fault, s->msg, sizeof s->fault);
    return STORE_FAULT;
}

static bool check_void_marker(store_t *s, int64_t *game) {
    char text[160];
    *game = 0;
    if (!st_meta_get(s, "void_request", text, sizeof text))
        return st_broken(s, "The database's void marker is missing.");
    long long g = strtoll(text, NULL, 10);
    char want[128];
    st_void_marker_text(s, g, want);
    if (strcmp(want, text) != 0)
        return st_broken(s, "The database's void marker fails its checksum: the database was "
                            "changed outside the game.");
    *game = g;
    return true;
}

static bool file_is_empty(const char *path, bool *exists) {
    struct stat sb;
    *exists = stat(path, &sb) == 0;
    return *exists && sb.st_size == 0;
}

static store_status_t open_fail(store_t *s, char *err, size_t errlen) {
    st_fault(s);
    if (err && errlen) snprintf(err, errlen, "%s", s->msg);
    return STORE_FAULT;
}

store_status_t store_open(const char *path, store_t **out, char *err, size_t errlen) {
    return store_open_files(path, NULL, NULL, NULL, out, err, errlen);
}

/* A new database is made whole beside its final name and renamed into place, so that a power
 * cut while it is being created leaves no file (the next start simply creates it again)
 * rather than an empty one, which a start must refuse as a truncated record. */
static store_status_t open_impl(const char *path, const store_options_t *opt, store_t **out,
                                char *err, size_t errlen, bool creating);

static bool create_whole(const char *path, const store_options_t *opt, char *err, size_t errlen) {
    char tmp[4096];
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.new", path) >= sizeof tmp) {
        if (err && errlen) snprintf(err, errlen, "the database path %s is too long", path);
        return false;
    }
    static const char *const sidecars[] = {"", "-wal", "-shm", "-journal"};
    for (size_t i = 0; i < sizeof sidecars / sizeof sidecars[0]; i++) {
        char side[4200];
        snprintf(side, sizeof side, "%s%s", tmp, sidecars[i]);
        unlink(side); /* a half-made database from an earlier cut: never the machine's record */
    }
    store_t *fresh = NULL;
    store_status_t st = open_impl(tmp, opt, &fresh, err, errlen, true);
    store_close(fresh); /* checkpoints the log into the file and removes it */
    if (st != STORE_OK) return false;
    int fd = open(tmp, O_RDONLY);
    bool ok = fd >= 0 && fsync(fd) == 0;
    if (fd >= 0) close(fd);
    ok = ok && rename(tmp, path) == 0;
    if (ok) {
        /* the directory entry too */
        char dir[4096];
        snprintf(dir, sizeof dir, "%s", path);
        char *slash = strrchr(dir, '/');
        if (slash)
            *slash = '\0';
        else
            snprintf(dir, sizeof dir, ".");
        int dfd = open(dir, O_RDONLY);
        if (dfd >= 0) fsync(dfd), close(dfd);
    } else if (err && errlen) {
        snprintf(err, errlen, "the new database %s could not be put in place: %s", path,
                 strerror(errno));
    }
    return ok;
}

store_status_t store_open_ex(const char *path, const store_options_t *opt, store_t **out, char *err,
                             size_t errlen) {
    return open_impl(path, opt, out, err, errlen, false);
}

static store_t *store_alloc(void) {
    store_t *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->shadow = calloc(1, sizeof *s->shadow);
    s->backup = calloc(1, sizeof *s->backup);
    s->head_scratch = calloc(1, sizeof *s->head_scratch);
    s->verified = calloc(1, sizeof *s->verified);
    s->anchor_fd = -1;
    if (!s->shadow || !s->backup || !s->head_scratch || !s->verified || sodium_init() < 0) {
        store_close(s);
        return NULL;
    }
    return s;
}

/* A store that only carries a fault to the screen: every call on it is refused. */
static store_status_t fault_only(store_t *s, char *err, size_t errlen) {
    if (!s->db && sqlite3_open(":memory:", &s->db) != SQLITE_OK) {
        sqlite3_close(s->db);
        s->db = NULL;
    }
    return open_fail(s, err, errlen);
}

/* Which database and of which version; a new (empty) one gets the schema. */
static bool open_version(store_t *s, const char *path, const store_options_t *o, bool creating) {
    int64_t app_id, ntables, has_version, version = 0;
    if (!st_q_int(s, &app_id, 0, "opening the database", "PRAGMA application_id") ||
        !st_q_int(s, &ntables, 0, "opening the database",
                  "SELECT COUNT(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") ||
        !st_q_int(s, &has_version, 0, "opening the database",
                  "SELECT COUNT(*) FROM sqlite_master WHERE type='table' AND "
                  "name='schema_version'"))
        return false;
    if ((app_id != 0 && app_id != APPLICATION_ID) || (ntables > 0 && !has_version))
        return st_broken(s,
                         "%s is not a studpoker database (no schema version). Play is stopped; an "
                         "attendant checks the configured database path.",
                         path);
    if (has_version && !st_q_int(s, &version, 0, "reading the schema version",
                                 "SELECT COALESCE(MAX(version),0) FROM schema_version"))
        return false;
    if (version == 1)
        return st_broken(s,
                         "The database %s was written by the release of 2026-11-24 (schema 1), "
                         "whose records were signed with a key printed in its source. Play is "
                         "stopped and nothing was changed; a technician upgrades it once with "
                         "'studpoker upgrade --db %s' (see the README, \"Upgrades\").",
                         path, path);
    if (version > STORE_SCHEMA_VERSION || version < 0 || (has_version && version < 2))
        return st_broken(s,
                         "The database has schema version %lld; this program knows versions 2 "
                         "to %d. It was written by a newer program (or changed by hand): play is "
                         "stopped and nothing was changed; install the program that wrote it or "
                         "restore a backup.",
                         (long long)version, STORE_SCHEMA_VERSION);
    if (version == 0) {
        if (!creating || o->read_only)
            return st_broken(s,
                             "The database %s holds no records (it was emptied outside the "
                             "game). Play is stopped; a technician restores it.",
                             path);
        bool ok = st_exec(s, "BEGIN IMMEDIATE", "creating the database") &&
                  st_schema_create(s, o->machine_key) &&
                  st_exec(s, "COMMIT", "creating the database");
        if (!ok) st_tx_rollback(s);
        if (!ok) return false;
        version = 2;
    }
    s->schema_version = version;
    if (o->read_only && version < STORE_SCHEMA_VERSION) return st_schema_read_old(s, version);
    for (int64_t v = version; v < STORE_SCHEMA_VERSION; v++) {
        char note[64];
        snprintf(note, sizeof note, "migrated from version %lld", (long long)v);
        sqlite3_stmt *st = NULL;
        bool ok = st_exec(s, "BEGIN IMMEDIATE", "migrating the database") && ST_MIGRATIONS[v](s);
        if (ok)
            st = st_prep(s, "migrating the database", "INSERT INTO schema_version VALUES(?,?,?)",
                         "iit", v + 1, st_now_utc(), note);
        ok = st && sqlite3_step(st) == SQLITE_DONE;
        if (st && !ok) st_db_fail(s, "migrating the database");
        st_finish(s, st);
        ok = ok && st_exec(s, "COMMIT", "migrating the database");
        if (!ok) {
            st_tx_rollback(s);
            return false;
        }
        s->schema_version = v + 1;
    }
    return true;
}

/* The key proves itself against the database's check value (the key is never stored). */
static bool open_key(store_t *s, const uint8_t *machine_key) {
    char db_id[64], check[2 * MAC_BYTES + 1], want[2 * MAC_BYTES + 1];
    if (!st_meta_get(s, "db_id", db_id, sizeof db_id) ||
        !st_meta_get(s, "key_check", check, sizeof check) || strlen(db_id) != 32)
        return st_broken(s, "The database's identity is missing: it was changed outside the "
                            "game. Play is stopped; an attendant calls a technician.");
    st_derive_key(s, machine_key, db_id);
    st_key_check_text(s, want);
    if (strcmp(want, check) != 0)
        return st_broken(s,
                         "The database was not written with this "
                         "machine's key (a copy from another machine, or a key replaced). Play is "
                         "stopped; an attendant checks the configured database and key.");
    return true;
}

static bool open_nonempty(store_t *s) {
    int64_t n;
    if (!st_q_int(s, &n, 0, "reading the database",
                  "SELECT EXISTS(SELECT 1 FROM round_start) OR EXISTS(SELECT 1 FROM ledger WHERE "
                  "meter != 'power_ups')"))
        return false;
    s->nonempty = n != 0;
    return true;
}

/* The writes a start makes: a void left as a marker, the power-up record, what a technician's
 * acceptance of a restored database records, room for a void on a full disk, a checkpoint. */
static bool open_writes(store_t *s, int64_t void_game, const char *accept_note) {
    if (void_game && void_game == s->game) {
        if (store_round_void(s, "a write failed during this game; voided at start-up") != STORE_OK)
            return false;
        st_start_op(s);
    }
    int64_t game = 0, tickets = 0;
    bool exists;
    bool ok = st_tx_begin(s) && st_last_game(s, &game) &&
              st_audit_add(s, "power-up", game, 0, 0, "") &&
              st_meter_add(s, game, 0, "power_ups", 1) && st_tickets_carry(s, game);
    if (ok && accept_note) {
        /* ticket numbers never repeat: those the lost records had used are skipped */
        ok = st_read_value(s, "meters", "name", st_sv_text("ticket_numbers"), &tickets, &exists) &&
             st_audit_add(s, "restore-accepted", game, 0, 0, accept_note) &&
             (s->anchor_restore_ticket <= tickets ||
              st_meter_add(s, game, 0, "ticket_numbers", s->anchor_restore_ticket - tickets));
    }
    ok = ok && st_tx_commit(s);
    if (!ok) {
        st_tx_rollback(s);
        return false;
    }
    sqlite3_exec(s->db,
                 "INSERT INTO spare(id, filler) SELECT 1, zeroblob(65536) WHERE NOT EXISTS "
                 "(SELECT 1 FROM spare)",
                 NULL, NULL, NULL);
    /* what the checks just verified becomes the point the next start begins from */
    if (s->games_since_checkpoint >= ST_CHECKPOINT_GAMES && !st_checkpoint_write(s)) return false;
    return true;
}

/* What is refused before any database is opened: a fault the caller already has to show, no
 * machine key, an empty file, nothing to open read-only, or a missing database whose anchor
 * says it had records. Otherwise a missing database is created whole (*fresh tells whether it
 * was). False when the store is to carry only the fault it has set. */
static bool open_preflight(store_t *s, const char *path, const store_options_t *o, bool creating,
                           bool *fresh, char *err, size_t errlen) {
    *fresh = false;
    if (o->fault_message) {
        /* a database of another version says so first (schema 1 has no machine key yet) */
        struct stat sb;
        if (stat(path, &sb) == 0 && sb.st_size > 0 &&
            sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
            !open_version(s, path, o, false))
            return false;
        st_start_op(s);
        st_broken(s, "%s.", o->fault_message);
        return false;
    }
    if (!o->machine_key) {
        st_broken(s, "No machine key was given for %s: its records cannot be checked.", path);
        return false;
    }

    bool exists;
    if (file_is_empty(path, &exists)) {
        st_broken(s,
                  "The database file %s is empty: it was truncated or replaced. Play is stopped "
                  "and nothing was created over it; an attendant calls a technician, who restores "
                  "the database from its backup.",
                  path);
        return false;
    }
    if (!exists && o->read_only) {
        st_broken(s, "There is no database at %s.", path);
        return false;
    }
    if (!exists && !creating) {
        /* a missing database is made anew only for a machine that had recorded nothing */
        st_anchor_rec_t rec;
        int state = 0;
        if (o->anchor_path && st_anchor_peek(o->machine_key, o->anchor_path, &rec, &state) &&
            state == 1 && rec.nonempty) {
            s->rollback = true;
            st_broken(s,
                      "The database %s is missing, but this "
                      "machine had recorded %lld games and ticket %lld (its anchor %s). Nothing "
                      "was created over it; a technician restores the database from its backup.",
                      path, (long long)rec.last_game, (long long)rec.last_ticket, o->anchor_path);
            return false;
        }
        store_options_t make = *o;
        make.anchor_path = NULL;
        *fresh = create_whole(path, &make, err, errlen);
        /* when it failed, the open below reports what is wrong with the place */
    }
    return true;
}

/* The connection and how it writes. False, with the reason in the store, when it cannot be
 * opened or set up. */
static bool open_connection(store_t *s, const char *path, const store_options_t *o) {
    int flags = o->read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    if (sqlite3_open_v2(path, &s->db, flags, NULL) != SQLITE_OK) {
        if (s->db)
            st_db_fail(s, "opening the database");
        else
            st_broken(s, "The database %s cannot be opened (no memory).", path);
        return false;
    }
    sqlite3_extended_result_codes(s->db, 1);
    sqlite3_busy_timeout(s->db, 5000);
    /* WAL survives a crash with every committed transaction; FULL syncs the log at each commit,
     * so that a power cut cannot lose a committed action */
    if (!o->read_only) {
        int64_t dummy;
        /* one game process per database: a second one (a hung instance, a restart too early)
         * waits for the lock and then refuses instead of interleaving its rounds */
        if (!st_exec(s, "PRAGMA locking_mode=EXCLUSIVE", "opening the database") ||
            !st_q_int(s, &dummy, 0, "opening the database", "PRAGMA journal_mode=WAL") ||
            !st_exec(s, o->unsafe_no_sync ? "PRAGMA synchronous=OFF" : "PRAGMA synchronous=FULL",
                     "opening the database"))
            return false;
    }
    return true;
}

/* A test's limit on the database's size: `extra` pages beyond what it holds now. */
static bool open_page_limit(store_t *s, int extra) {
    int64_t pages, dummy;
    char sql[64];
    if (!st_q_int(s, &pages, 0, "limiting the database", "PRAGMA page_count")) return false;
    snprintf(sql, sizeof sql, "PRAGMA max_page_count=%lld", (long long)pages + extra);
    return st_q_int(s, &dummy, 0, "limiting the database", sql);
}

static store_status_t open_impl(const char *path, const store_options_t *opt, store_t **out,
                                char *err, size_t errlen, bool creating) {
    store_options_t o = {0};
    if (opt) o = *opt;
    *out = NULL;
    store_t *s = store_alloc();
    if (!s) {
        if (err && errlen)
            snprintf(err, errlen, "no memory (or libsodium failed) to open %s", path);
        return STORE_FAULT;
    }
    *out = s;
    s->read_only = o.read_only;
    s->no_sync = o.unsafe_no_sync;
    s->fail_marker = o.test_fail_marker;
    s->skip_anchor_done = o.test_skip_anchor_done;
    st_start_op(s);
    bool fresh;
    if (!open_preflight(s, path, &o, creating, &fresh, err, errlen))
        return fault_only(s, err, errlen);
    if (!open_connection(s, path, &o)) return open_fail(s, err, errlen);
    if (!st_exec(s, "PRAGMA foreign_keys=ON; PRAGMA cell_size_check=ON", "opening the database") ||
        !open_version(s, path, &o, creating) || !st_check_schema(s) ||
        !open_key(s, o.machine_key) || !st_load_heads(s) || !open_nonempty(s))
        return open_fail(s, err, errlen);

    /* everything after the newest checkpoint (a technician's acceptance checks it all) */
    if (!st_run_checks(s, o.accept_restore, o.accept_restore)) return open_fail(s, err, errlen);
    char accept_note[STORE_MSG_LEN] = "";
    if (o.anchor_path) {
        st_anchor_mode_t mode = fresh || o.make_anchor ? ST_ANCHOR_CREATE
                                : o.accept_restore     ? ST_ANCHOR_ACCEPT
                                                       : ST_ANCHOR_CHECK;
        if (!st_anchor_attach(s, o.anchor_path, mode, accept_note, sizeof accept_note))
            return open_fail(s, err, errlen);
    }
    int64_t void_game;
    if (!st_load_in_play(s) || !check_void_marker(s, &void_game)) return open_fail(s, err, errlen);
    st_settle_state(s);
    if (o.test_page_limit > 0 && !open_page_limit(s, o.test_page_limit))
        return open_fail(s, err, errlen);
    if (!o.read_only &&
        !open_writes(s, void_game, o.accept_restore && o.anchor_path ? accept_note : NULL))
        return open_fail(s, err, errlen);
    s->msg[0] = '\0';
    s->msg_set = false;
    s->fail_after = o.test_commits_before_failure; /* counted from here */
    s->batch = o.unsafe_no_sync && o.bench_batch_commits > 1 ? o.bench_batch_commits : 0;
    return STORE_OK;
}

void store_close(store_t *s) {
    if (!s) return;
    if (s->db) {
        if (s->batched && !s->in_tx) sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
        s->batched = 0;
        st_tx_rollback(s);
        st_cache_clear(s);
        sqlite3_close_v2(s->db);
    }
    st_anchor_close(s);
    sodium_memzero(s->key, sizeof s->key);
    free(s->shadow);
    free(s->backup);
    free(s->head_scratch);
    free(s->verified);
    free(s);
}

store_status_t store_verify(store_t *s, bool full) {
    st_start_op(s);
    if (!st_run_checks(s, full, full)) return st_fault(s);
    if (full) {
        int64_t n = store_history_count(s);
        if (n < 0) return st_fault(s);
        store_round_record_t *rec = malloc(sizeof *rec);
        round_t *r = malloc(sizeof *r);
        if (!rec || !r) {
            free(rec), free(r);
            return st_refuse(s, "no memory to check the history");
        }
        bool ok = true;
        for (int64_t g = 1; ok && g <= n + (s->game ? 1 : 0); g++) {
            if (g == s->game) continue;
            jackpot_pool_t pool;
            char err[256];
            ok = store_history_game(s, g, rec) == STORE_OK;
            if (ok && store_round_replay(rec, r, &pool, err, sizeof err) != STORE_OK)
                ok = st_broken(s,
                               "Game %lld does not replay to its recorded results: %s. Play is "
                               "stopped; an attendant calls a technician.",
                               (long long)g, err);
        }
        free(rec);
        free(r);
        if (!ok) return st_fault(s);
    }
    return STORE_OK;
}

/* ---- guards ---- */

store_status_t st_need_writable(store_t *s) {
    if (s->state == STORE_FAULTED || s->state == STORE_WRITE_FAILED) {
        memcpy(s->msg, s->fault, sizeof s->msg);
        if (!s->msg[0]) snprintf(s->msg, sizeof s->msg, "The store is in a fault state.");
        return STORE_FAULT;
    }
    if (s->read_only) return st_refuse(s, "The database is open read-only.");
    return STORE_OK;
}

/* After a failed write outside a round: roll back, then lock the machine with the reason if
 * that can still be written. */
store_status_t st_write_failed(store_t *s, bool in_round) {
    st_tx_rollback(s);
    if (s->integrity) return st_fault(s);
    if (!in_round) {
        char reason[STORE_MSG_LEN];
        memcpy(reason, s->msg, sizeof reason);
        int64_t game = 0;
        bool ok = st_tx_begin(s) && st_last_game(s, &game) &&
                  st_lock_add(s, "fault", game, 0, 0, reason) &&
                  st_audit_add(s, "fault", game, 0, 0, reason) && st_tx_commit(s);
        if (ok) {
            memcpy(s->msg, reason, sizeof reason);
            s->state = STORE_LOCKED;
            return STORE_FAULT;
        }
        st_tx_rollback(s);
        memcpy(s->msg, reason, sizeof reason);
    }
    s->state = STORE_WRITE_FAILED;
    memcpy(s->fault, s->msg, sizeof s->fault);
    return STORE_FAULT;
}

store_status_t st_need_idle(store_t *s, const char *what) {
    store_status_t st = st_need_writable(s);
    if (st != STORE_OK) return st;
    if (s->game) return st_refuse(s, "%s waits until game %lld is over.", what, (long long)s->game);
    if (s->state == STORE_LOCKED)
        return st_refuse(s, "%s waits: the machine is locked for an attendant.", what);
    return STORE_OK;
}

bool st_seat_ok(int seat) {
    return seat >= 0 && seat < RULES_MAX_SEATS;
}
