/* The anchor: a small file outside the database (on a real cabinet, on a second disk) that holds
 * the database's newest commit, so that an older copy of the database put in its place is found.
 *
 * The row checksums prove that every record was written by this machine, and the chains that
 * none was taken out or moved; neither can tell a whole database copied yesterday from today's.
 * The anchor can: every write transaction of the store ends with a numbered commit record whose
 * checksum covers everything before it, and the anchor hears of each commit twice: the commit
 * about to be made (before SQLite's COMMIT) and the commit made (after). At a start the database
 * must hold the anchor's commit, or exactly the one being made (a power cut between the two
 * writes); anything older is a memory rollback, anything newer an old anchor.
 *
 * The file holds two slots of one record each, written in turn, each with a sequence number and
 * a keyed checksum: a torn write spoils at most the slot being written, and the newer valid slot
 * wins. The checksum key is the database's row key (the machine key and the database's id), so
 * only this machine can write an anchor for this database. */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SLOT_BYTES 256
static const char MAGIC[8] = {'S', 'P', 'A', 'N', 'C', 'H', 'R', '1'};

static void put64(uint8_t *p, int64_t v) {
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)((uint64_t)v >> (8 * i));
}
static int64_t get64(const uint8_t *p) {
    uint64_t u = 0;
    for (int i = 0; i < 8; i++) u |= (uint64_t)p[i] << (8 * i);
    return (int64_t)u;
}

/* The record's bytes: magic, database id (32 hex digits), the fields, then the checksum. */
#define OFF_ID     8
#define OFF_FIELDS 40
#define BODY_BYTES (OFF_FIELDS + 8 * 9 + 2 * MAC_BYTES)

static void body(const st_anchor_rec_t *r, const char *db_id, uint8_t out[BODY_BYTES]) {
    memset(out, 0, BODY_BYTES);
    memcpy(out, MAGIC, sizeof MAGIC);
    memcpy(out + OFF_ID, db_id, strnlen(db_id, 32));
    uint8_t *p = out + OFF_FIELDS;
    const int64_t v[] = {r->seq,       r->committed_n, r->pending_n,
                         r->last_game, r->last_ledger, r->last_ticket,
                         r->utc,       r->nonempty,    0};
    for (int i = 0; i < 9; i++, p += 8) put64(p, v[i]);
    memcpy(p, r->committed_mac, MAC_BYTES);
    memcpy(p + MAC_BYTES, r->pending_mac, MAC_BYTES);
}

static void seal(const uint8_t key[STORE_KEY_BYTES], const uint8_t b[BODY_BYTES],
                 uint8_t mac[MAC_BYTES]) {
    crypto_generichash_state h;
    crypto_generichash_init(&h, key, STORE_KEY_BYTES, MAC_BYTES);
    static const char tag[] = "studpoker anchor v1";
    crypto_generichash_update(&h, (const uint8_t *)tag, sizeof tag - 1);
    crypto_generichash_update(&h, b, BODY_BYTES);
    crypto_generichash_final(&h, mac, MAC_BYTES);
}

static bool unpack(const uint8_t slot[SLOT_BYTES], st_anchor_rec_t *r, char db_id[33]) {
    if (memcmp(slot, MAGIC, sizeof MAGIC) != 0) return false;
    memcpy(db_id, slot + OFF_ID, 32);
    db_id[32] = '\0';
    const uint8_t *p = slot + OFF_FIELDS;
    int64_t v[9];
    for (int i = 0; i < 9; i++, p += 8) v[i] = get64(p);
    memset(r, 0, sizeof *r);
    r->seq = v[0], r->committed_n = v[1], r->pending_n = v[2], r->last_game = v[3];
    r->last_ledger = v[4], r->last_ticket = v[5], r->utc = v[6], r->nonempty = v[7];
    memcpy(r->committed_mac, p, MAC_BYTES);
    memcpy(r->pending_mac, p + MAC_BYTES, MAC_BYTES);
    return true;
}

/* Reads the newer valid slot. key: the row key of the database named in the slot, worked out by
 * derive (the store's own key when the database is open). 1: read, 0: no anchor (no file, or an
 * empty one), -1: a file with no valid slot (damaged, or another machine's). */
typedef void (*derive_fn)(const void *ctx, const char *db_id, uint8_t key[STORE_KEY_BYTES]);

static int read_slots(int fd, derive_fn derive, const void *ctx, st_anchor_rec_t *out,
                      char db_id[33]) {
    uint8_t buf[2 * SLOT_BYTES];
    ssize_t n = pread(fd, buf, sizeof buf, 0);
    if (n <= 0) return 0;
    int found = 0;
    for (int k = 0; k < 2 && (k + 1) * SLOT_BYTES <= n; k++) {
        st_anchor_rec_t r;
        char id[33];
        const uint8_t *slot = buf + k * SLOT_BYTES;
        if (!unpack(slot, &r, id)) continue;
        uint8_t key[STORE_KEY_BYTES], want[MAC_BYTES], b[BODY_BYTES];
        derive(ctx, id, key);
        body(&r, id, b);
        seal(key, b, want);
        sodium_memzero(key, sizeof key);
        if (sodium_memcmp(want, slot + BODY_BYTES, MAC_BYTES) != 0) continue;
        if (!found || r.seq > out->seq) {
            *out = r;
            memcpy(db_id, id, 33);
            found = 1;
        }
    }
    return found ? 1 : -1;
}

static void derive_from_store(const void *ctx, const char *db_id, uint8_t key[STORE_KEY_BYTES]) {
    const store_t *s = ctx;
    /* another database's slot gets a key that cannot match */
    if (strcmp(db_id, s->db_id) == 0)
        memcpy(key, s->key, STORE_KEY_BYTES);
    else
        randombytes_buf(key, STORE_KEY_BYTES);
}

static void derive_from_machine(const void *ctx, const char *db_id, uint8_t key[STORE_KEY_BYTES]) {
    st_row_key(ctx, db_id, key);
}

static bool write_slot(store_t *s, const st_anchor_rec_t *r) {
    uint8_t slot[SLOT_BYTES] = {0}, b[BODY_BYTES];
    body(r, s->db_id, b);
    memcpy(slot, b, BODY_BYTES);
    seal(s->key, b, slot + BODY_BYTES);
    off_t at = (off_t)(r->seq % 2) * SLOT_BYTES;
    if (pwrite(s->anchor_fd, slot, sizeof slot, at) != (ssize_t)sizeof slot) return false;
    return s->no_sync || fdatasync(s->anchor_fd) == 0;
}

static int64_t tickets_now(store_t *s) {
    int64_t tickets = 0;
    bool exists;
    return st_read_value(s, "meters", "name", st_sv_text("ticket_numbers"), &tickets, &exists)
               ? tickets
               : 0;
}

static void fill_state(store_t *s, st_anchor_rec_t *r) {
    r->last_game = s->head[st_chain_index("round_start")].rowid;
    r->last_ledger = s->head[st_chain_index("ledger")].rowid;
    r->nonempty = s->nonempty;
    r->utc = st_now_utc();
    r->last_ticket = tickets_now(s);
}

/* A fresh record for the database as it stands (its newest commit), written over both slots. */
static bool write_fresh(store_t *s, int64_t seq) {
    st_anchor_rec_t r = {0};
    const st_head_t *c = &s->head[ST_NCHAINED - 1];
    r.committed_n = c->rowid;
    memcpy(r.committed_mac, c->mac, MAC_BYTES);
    fill_state(s, &r);
    bool ok = true;
    for (int k = 0; k < 2 && ok; k++) {
        r.seq = seq + k;
        ok = write_slot(s, &r);
    }
    if (ok) s->anchor = r;
    return ok;
}

static bool anchor_fail(store_t *s, const char *doing) {
    return st_broken(s,
                     "The machine's anchor file %s cannot be %s (%s). Play is stopped; check the "
                     "disk that holds it and its permissions, then restart the machine.",
                     s->anchor_path, doing, strerror(errno));
}

bool st_anchor_peek(const uint8_t machine_key[STORE_KEY_BYTES], const char *path,
                    st_anchor_rec_t *rec, int *state) {
    *state = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return errno == ENOENT;
    char id[33];
    *state = read_slots(fd, derive_from_machine, machine_key, rec, id);
    close(fd);
    return true;
}

bool st_anchor_attach(store_t *s, const char *path, st_anchor_mode_t mode, char *note,
                      size_t notecap) {
    snprintf(s->anchor_path, sizeof s->anchor_path, "%s", path);
    if (note && notecap) note[0] = '\0';
    int flags = s->read_only ? O_RDONLY : O_RDWR;
    if (mode != ST_ANCHOR_CHECK) flags |= O_CREAT;
    s->anchor_fd = open(path, flags | O_CLOEXEC, 0600);
    bool missing = s->anchor_fd < 0 && errno == ENOENT;
    if (s->anchor_fd < 0 && !missing) return anchor_fail(s, "opened");
    st_anchor_rec_t r = {0};
    char id[33] = "";
    int state = missing ? 0 : read_slots(s->anchor_fd, derive_from_store, s, &r, id);
    const st_head_t *c = &s->head[ST_NCHAINED - 1];

    if (mode == ST_ANCHOR_CREATE || mode == ST_ANCHOR_ACCEPT) {
        if (mode == ST_ANCHOR_ACCEPT && note && notecap) {
            if (state == 1)
                snprintf(note, notecap,
                         "the anchor recorded commit %lld (game %lld, ticket %lld); the database "
                         "holds commit %lld (game %lld)",
                         (long long)r.committed_n, (long long)r.last_game, (long long)r.last_ticket,
                         (long long)c->rowid,
                         (long long)s->head[st_chain_index("round_start")].rowid);
            else
                snprintf(note, notecap, "the anchor was %s; the database holds commit %lld",
                         state == 0 ? "missing" : "unreadable", (long long)c->rowid);
        }
        s->anchor.last_ticket = state == 1 ? r.last_ticket : 0;
        if (ftruncate(s->anchor_fd, 0) != 0 || !write_fresh(s, (state == 1 ? r.seq : 0) + 1))
            return anchor_fail(s, "written");
        if (state == 1) s->anchor_restore_ticket = r.last_ticket;
        return true;
    }
    if (missing || state == 0) {
        /* no anchor: only a database that has recorded nothing yet may start one (a new machine,
         * or a first start cut off before its anchor was written) */
        if (s->nonempty)
            return s->rollback = true,
                   st_broken(s,
                             "The machine's anchor %s is missing "
                             "although the database holds games or money. A copy of the "
                             "database may have been put in place. Play is stopped; a technician "
                             "checks the database and, if it is genuine, accepts it "
                             "(studpoker accept-restore).",
                             path);
        if (missing) {
            close(s->anchor_fd);
            s->anchor_fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
            if (s->anchor_fd < 0) return anchor_fail(s, "created");
        }
        return s->read_only || write_fresh(s, 1) || anchor_fail(s, "written");
    }
    if (state < 0)
        return st_broken(s,
                         "The machine's anchor %s does not belong "
                         "to this database or is damaged. Play is stopped; a technician checks "
                         "the database and the anchor (studpoker accept-restore).",
                         path);
    s->anchor = r;
    bool at_commit =
        c->rowid == r.committed_n && sodium_memcmp(c->mac, r.committed_mac, MAC_BYTES) == 0;
    bool at_pending = r.pending_n && c->rowid == r.pending_n &&
                      sodium_memcmp(c->mac, r.pending_mac, MAC_BYTES) == 0;
    if (at_commit || at_pending) {
        /* a power cut between the two writes: the commit was made (or not); either is whole */
        if ((r.pending_n || at_pending) && !s->read_only && !write_fresh(s, r.seq + 1))
            return anchor_fail(s, "written");
        return true;
    }
    s->rollback = c->rowid < r.committed_n;
    if (c->rowid < r.committed_n)
        return st_broken(
            s,
            "The database ends at record %lld (game %lld, ticket number %lld) but this "
            "machine had recorded %lld (game %lld, ticket number %lld): an older copy of "
            "the database was put in place. Play is stopped and nothing is paid "
            "again; a technician checks it (studpoker accept-restore).",
            (long long)c->rowid, (long long)s->head[st_chain_index("round_start")].rowid,
            (long long)tickets_now(s), (long long)r.committed_n, (long long)r.last_game,
            (long long)r.last_ticket);
    return st_broken(s,
                     "The database (record %lld) does not match the "
                     "machine's anchor (record %lld): the anchor is an old copy, or one of them "
                     "was changed. Play is stopped; a technician checks both (studpoker "
                     "accept-restore).",
                     (long long)c->rowid, (long long)r.committed_n);
}

bool st_anchor_intent(store_t *s) {
    if (s->anchor_fd < 0) return true;
    st_anchor_rec_t r = s->anchor;
    const st_head_t *c = &s->head[ST_NCHAINED - 1];
    r.seq++;
    r.pending_n = c->rowid;
    memcpy(r.pending_mac, c->mac, MAC_BYTES);
    fill_state(s, &r);
    if (!write_slot(s, &r)) {
        snprintf(
            s->msg, sizeof s->msg,
            "the machine's anchor file %.300s cannot be written (%s) while committing a record. "
            "Nothing of it was recorded; check the disk that holds the anchor.",
            s->anchor_path, strerror(errno));
        s->msg_set = true;
        return false;
    }
    s->anchor = r;
    return true;
}

void st_anchor_done(store_t *s) {
    if (s->anchor_fd < 0 || s->skip_anchor_done) return;
    st_anchor_rec_t r = s->anchor;
    r.seq++;
    r.committed_n = r.pending_n;
    memcpy(r.committed_mac, r.pending_mac, MAC_BYTES);
    r.pending_n = 0;
    memset(r.pending_mac, 0, MAC_BYTES);
    if (!write_slot(s, &r)) {
        /* the commit is made and the intent names it, so a start still matches; but nothing
         * more may be written until the anchor's disk works */
        s->anchor_failed = true;
        return;
    }
    s->anchor = r;
}

void st_anchor_close(store_t *s) {
    if (s->anchor_fd >= 0) close(s->anchor_fd);
    s->anchor_fd = -1;
}
