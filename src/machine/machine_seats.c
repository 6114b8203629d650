/* A terminal at several tables (001's Multi-Game Play): the machines on the terminal's one store
 * kept in step, what each table's hand may still raise, and when a table can be left. See
 * machine_table.h.
 *
 * Why a machine per table on one store, rather than one machine with four tables: each table has
 * its own round on the felt, its own timers and its own connection (a presence lock of its own at
 * the controller), which is what machine_t already is for one table; the money is the
 * terminal's, which is what its store is. The store is not thread-safe and needs none: the
 * machines step in turn on the program's thread, and each table's thread only talks to the
 * controller. Each table's transfers are answered in their own order (store_table_unanswered),
 * so a table that does not answer holds up none of the others. */
#define _POSIX_C_SOURCE 200809L
#include "machine_table_internal.h"

#include <stdio.h>
#include <string.h>

#include "machine.h"

void machine_share_sync(machine_t *m, machine_t *const *all, int n) {
    uint64_t gen = store_generation(m->game.store);
    if (m->game.store && gen != m->store_seen) {
        game_store_changed(&m->game);
        m->store_seen = store_generation(m->game.store);
    }
    int64_t held = 0;
    for (int i = 0; i < n; i++)
        if (all[i] && all[i] != m) held += machine_table_reserve(all[i]);
    m->held_elsewhere = held;
}

int machine_table_owed(machine_t *m, char (*tabs)[41], int max) {
    if (!m->game.store) return 0;
    return store_table_owed(m->game.store, tabs, max);
}

#ifdef STUDPOKER_LINK

int64_t machine_table_reserve(const machine_t *m) {
    const struct mjoined *j = m->jt;
    if (!j || !j->sent || j->result_round >= j->round) return 0;
    if (strcmp(j->view.phase, "settled") == 0 || strcmp(j->view.phase, "cancelled") == 0) return 0;
    int64_t bets = 0;
    for (int w = 0; w < WAGER_COUNT; w++) bets += j->bets[w];
    for (int s = 0; s < 3; s++)
        if (j->dec[s].act == 'f' || j->dec[s].act == 'a') return 0; /* folded: no raise to come */
    int64_t ante = j->bets[WAGER_ANTE];
    if (ante <= 0) return 0;
    int64_t most = rules_max_round_stake(&m->game.rules, ante, NULL) - ante;
    int64_t raised = j->staked - bets;
    return most > raised ? most - raised : 0;
}

bool machine_table_can_leave(const machine_t *m) {
    const struct mjoined *j = m->jt;
    if (!j) return true;
    if (m->game.state == GAME_FAULT) return true; /* nothing moves; the records keep it all */
    store_table_out_t first;
    int waiting = store_table_unanswered(m->game.store, m->cfg.table.join, &first, 1);
    if (waiting != 0) return false; /* a stake on its way (or the records cannot be read) */
    /* this round's stakes were accepted: their result comes back before the terminal goes */
    return !((j->sent || j->staked > 0) && j->result_round < j->round);
}

void machine_table_set_leaving(machine_t *m, bool leaving) {
    if (m->jt) m->jt->leaving = leaving;
}

bool machine_table_leaving(const machine_t *m) {
    return m->jt && m->jt->leaving;
}

#else

int64_t machine_table_reserve(const machine_t *m) {
    (void)m;
    return 0;
}
bool machine_table_can_leave(const machine_t *m) {
    (void)m;
    return true;
}
void machine_table_set_leaving(machine_t *m, bool leaving) {
    (void)m, (void)leaving;
}
bool machine_table_leaving(const machine_t *m) {
    (void)m;
    return false;
}

#endif
