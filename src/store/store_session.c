/* What a player's session reads back from the records: the newest audit row of an event (the
 * session's own rows, src/machine/machine_rg.c) and the meters' movements in the ledger since a
 * row. Reads only. See store.h for the contract. */
#include "store_internal.h"

#include <stdio.h>
#include <string.h>

int store_audit_last(store_t *s, store_audit_event_t event, store_audit_row_t *out) {
    if (s->state == STORE_FAULTED || event < 0 || event >= STORE_AUDIT_COUNT) return -1;
    st_start_op(s);
    sqlite3_stmt *st = st_prep(s, "reading the audit log",
                               "SELECT id, utc, game, event, detail FROM audit WHERE event=? "
                               "ORDER BY id DESC LIMIT 1",
                               "t", store_audit_name(event));
    if (!st) return -1;
    int rc = sqlite3_step(st), found = 0;
    if (rc == SQLITE_ROW) {
        out->id = sqlite3_column_int64(st, 0);
        out->utc = sqlite3_column_int64(st, 1);
        out->game = sqlite3_column_int64(st, 2);
        snprintf(out->event, sizeof out->event, "%s", st_col_text(st, 3));
        snprintf(out->detail, sizeof out->detail, "%s", st_col_text(st, 4));
        found = 1;
    }
    st_finish(s, st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        st_db_fail(s, "reading the audit log");
        return -1;
    }
    return found;
}

store_status_t store_ledger_newest(store_t *s, int64_t *id) {
    *id = 0;
    if (s->state == STORE_FAULTED) return STORE_FAULT;
    st_start_op(s);
    if (!st_q_int(s, id, 0, "reading the ledger", "SELECT COALESCE(MAX(id),0) FROM ledger"))
        return STORE_FAULT;
    return STORE_OK;
}

int store_ledger_since(store_t *s, int64_t after, store_meter_value_t *out, int max) {
    if (s->state == STORE_FAULTED) return -1;
    st_start_op(s);
    /* the rows after a point are a range of the rowid: read from there on, not the table */
    sqlite3_stmt *st =
        st_prep(s, "reading the ledger",
                "SELECT meter, SUM(amount) FROM ledger WHERE id>? GROUP BY meter ORDER BY meter",
                "i", after);
    if (!st) return -1;
    int n = 0, rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && n < max) {
        snprintf(out[n].name, sizeof out[n].name, "%s", st_col_text(st, 0));
        out[n].value = sqlite3_column_int64(st, 1);
        n++;
    }
    st_finish(s, st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        st_db_fail(s, "reading the ledger");
        return -1;
    }
    return n;
}
