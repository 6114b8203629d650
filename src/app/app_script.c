/* The headless harness: a script of timed presses, played on the virtual clock, and the summary
 * line tests read. */
#define _GNU_SOURCE /* fmemopen */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_internal.h"

#include "machine_link.h"
#include "machine_table.h"

bool script_load(script_t *s, const char *path, const char *text) {
    memset(s, 0, sizeof *s);
    FILE *f = text ? fmemopen((void *)text, strlen(text), "r") : fopen(path, "r");
    if (!f) {
        fprintf(stderr, "studpoker: cannot read script %s\n", path);
        return false;
    }
    char line[300];
    int cap = 0, lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (*p == '#' || *p == '\n' || *p == '\0') continue;
        if (s->n == cap) {
            cap = cap ? cap * 2 : 64;
            script_line_t *nl = realloc(s->lines, (size_t)cap * sizeof *nl);
            if (!nl) break;
            s->lines = nl;
        }
        script_line_t *l = &s->lines[s->n];
        memset(l, 0, sizeof *l);
        unsigned ms;
        int used = 0;
        if (sscanf(p, "%u %23s%n", &ms, l->verb, &used) < 2) {
            fprintf(stderr, "%s:%d: want '<ms> <BUTTON> [arg]'\n", path, lineno);
            fclose(f);
            return false;
        }
        l->at_ms = ms;
        sscanf(p + used, " %199[^\n]", l->arg);
        if (strcmp(l->verb, "TAP") == 0 || strcmp(l->verb, "TOUCH") == 0)
            sscanf(l->arg, "%f %f", &l->x, &l->y);
        s->n++;
    }
    fclose(f);
    return true;
}

bool script_records(const script_t *s) {
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->lines[i].verb, "BOXES") == 0) return true;
    return false;
}

bool script_capture_due(const script_t *s, uint32_t ms) {
    for (int i = s->next; i < s->n && s->lines[i].at_ms + s->base_ms <= ms; i++)
        if (strcmp(s->lines[i].verb, "BOXES") == 0 || strcmp(s->lines[i].verb, "SCREENSHOT") == 0 ||
            strcmp(s->lines[i].verb, "TAP") == 0 || strcmp(s->lines[i].verb, "TOUCH") == 0 ||
            strcmp(s->lines[i].verb, "SPOT") == 0 || strcmp(s->lines[i].verb, "PAYS") == 0)
            return true;
    return false;
}

/* The machine and scene a script's table verbs act on: the focused table's (the terminal's own
 * machine when it sits at none). */
static machine_t *front_m(app_t *a) {
    return app_front_machine(a);
}
static table_scene_t *front_t(app_t *a) {
    return app_front(a);
}

/* The summary line of table i (-1: the focused one). */
static void summary_of(app_t *a, int i) {
    if (i >= a->nseats) i = -1;
    machine_t *m = i >= 0 ? a->seats[i].m : front_m(a);
    table_scene_t *t = i >= 0 ? a->seats[i].t : front_t(a);
    const game_t *g = &m->game;
    const round_t *r = &g->round;
    const round_seat_t *s = &r->seat[0];
    printf("game=%llu phase=%s credits=%lld staked=%lld returned=%lld folded=%d",
           (unsigned long long)g->number,
           r->phase == ROUND_BETTING    ? "betting"
           : r->phase == ROUND_DECIDING ? "deciding"
           : r->phase == ROUND_SETTLED  ? "settled"
                                        : "void",
           (long long)s->credits, (long long)round_seat_staked(r, 0),
           (long long)round_seat_returned(r, 0), s->folded);
    char c[3];
    printf(" cards=");
    for (int i = 0; i < s->ncards; i++) printf("%s", card_format(s->cards[i], c));
    if (r->phase == ROUND_SETTLED || r->phase == ROUND_VOID) {
        printf(" dealer=");
        if (g->rules.variant == VARIANT_CAJUN)
            for (int i = 0; i < 3; i++) printf("%s", card_format(r->board[i], c));
        else
            for (int i = 0; i < 5; i++) printf("%s", card_format(r->dealer[i], c));
    }
    mlink_view_t lv;
    if (machine_link_view(m, &lv))
        printf(" link=%s link_value=%lld link_pending=%d link_wins=%lld ticket_pending=%d",
               lv.up ? "up" : "down", (long long)lv.value, lv.pending, (long long)lv.win_seq,
               lv.ticket_pending);
    mtable_status_t ts;
    if (machine_table_status(m, &ts))
        printf(" table=%s table_up=%d table_round=%lld table_phase=%s bets_sent=%d decided=%d "
               "collected=%lld synced=%d",
               ts.tab, ts.up, (long long)ts.round, ts.phase[0] ? ts.phase : "none", ts.bets_sent,
               ts.decided, (long long)ts.collected, ts.synced);
    /* a terminal's tables: which this line is (1..), of how many, and the focused one; in the
     * lobby, its rows as shown (table:phase:players:jackpot, -1 none; the mark of a table the
     * terminal plays or leaves) */
    if (a->terminal)
        printf(" seat=%d seats=%d focus=%d", (i >= 0 ? i : a->focus) + 1, a->nseats, a->focus + 1);
    if (a->screen == SCREEN_LOBBY) {
        static const char *const marks[] = {"", ":playing", ":leaving", ":joining"};
        const lobby_scene_t *lv = &a->lobby_view;
        printf(" lobby=");
        for (int k = 0; k < lv->nrows; k++)
            printf("%s%s:%s:%d:%lld%s", k ? "," : "", lv->rows[k].tab, lv->rows[k].phase,
                   lv->rows[k].seated, (long long)lv->rows[k].pool_value, marks[lv->mark[k]]);
    }
    printf(" pool=%lld state=%s door=%d screen=%s balance=%lld", (long long)jackpot_read(&g->pool),
           g->state == GAME_PLAY     ? "play"
           : g->state == GAME_LOCKED ? "locked"
                                     : "fault",
           g->door_open, screen_of(a->screen)->name, (long long)game_balance(g));
    /* responsible gaming: the session (0: none), its time in seconds, its result and money in
     * and out (minor units), why betting is stopped, a reality check waiting */
    mrg_view_t rv;
    machine_rg_view(&a->machine, &rv);
    static const char *const stops[] = {"none", "time", "loss", "break"};
    printf(" rg_session=%lld rg_played=%lld rg_net=%lld rg_in=%lld rg_out=%lld rg_stop=%s "
           "rg_check=%d",
           (long long)(rv.session ? rv.number : 0), (long long)(rv.played_ms / 1000),
           (long long)rv.net, (long long)rv.fig.in, (long long)rv.fig.out, stops[rv.stop],
           rv.check);
    /* the hint on screen (tests): the best decision and the value of folding, in antes */
    if (t->strategy && t->advice_ok && r->phase == ROUND_DECIDING && t->advice_game == g->number)
        printf(" hint=%d ev_fold=%.4f ev_best=%.4f", t->advice.decision, t->advice.ev[0],
               t->advice.ev[t->advice.decision]);
    /* the cards lit as having made a winning hand: the player's, then the top row's */
    uint8_t lit_player, lit_top;
    table_lit_cards(t, &lit_player, &lit_top);
    if (lit_player || lit_top) {
        printf(" lit=");
        for (int i = 0; i < s->ncards; i++)
            if (lit_player >> i & 1) printf("%s", card_format(s->cards[i], c));
        printf("+");
        for (int i = 0; i < 5; i++)
            if (lit_top >> i & 1)
                printf(
                    "%s",
                    card_format(g->rules.variant == VARIANT_CAJUN ? r->board[i] : r->dealer[i], c));
    }
    int64_t mb, mt, mw;
    table_meters(t, &mb, &mt, &mw);
    printf(" shown=%lld/%lld/%lld", (long long)mb, (long long)mt, (long long)mw);
    /* the hand pay while locked, and whether its panel is up yet; this session's rounds (played,
     * won, lost, pushed, the biggest win); a desktop player's volume, voice and hint in force */
    if (g->state == GAME_LOCKED)
        printf(" handpay=%lld lock_panel=%d", (long long)g->lock_amount, table_lock_shown(t));
    const game_session_t *ss = &g->session;
    printf(" session=%lld/%lld/%lld/%lld/%lld", (long long)ss->rounds, (long long)ss->won,
           (long long)ss->lost, (long long)ss->pushed, (long long)ss->biggest_win);
    if (m->player.on)
        printf(" player=%d/%d/%d", machine_volume(m), machine_voice(m), machine_hint(m));
    /* the celebration playing, the pay table in the panel and its lit row (spaces as '_') */
    char moment[48], pays[48], lit[48];
    table_moment_words(t, moment, sizeof moment, pays, sizeof pays, lit, sizeof lit);
    for (char *c = moment; *c; c++) *c = *c == ' ' ? '_' : *c;
    for (char *c = pays; *c; c++) *c = *c == ' ' ? '_' : *c;
    for (char *c = lit; *c; c++) *c = *c == ' ' ? '_' : *c;
    if (moment[0]) printf(" moment=%s", moment);
    printf(" pays=%s%s%s", pays, lit[0] ? "|" : "", lit);
    /* the verdict on screen, its second line and the side bets' lines, '|' between (spaces
     * inside), then the message box's line and notice: they hold spaces, so they come last */
    if (t->banner[0] && !t->results_pending) {
        printf(" verdict=%s|%s", t->banner, t->banner2);
        for (int i = 0; i < t->nside_lines; i++) printf("|%s", t->side_lines[i]);
    }
    /* the message box's lasting line (why DEAL cannot deal, the hint), then its notice */
    char line[256], toast[256];
    table_messages(t, line, sizeof line, toast, sizeof toast);
    if (line[0]) printf(" notice=%s", line);
    if (toast[0]) printf(" toast=%s", toast); /* it holds spaces */
    if (machine_table_status(m, &ts) && !ts.up)
        printf(" table_state=%s", ts.state); /* last: it holds spaces */
    const char *tk_state = machine_ticket_floor_state(&a->machine);
    if (tk_state[0]) printf(" ticket_state=%s", tk_state); /* likewise */
    /* the lobby's foot: a refusal, a join tried again or failed, why the tables cannot be read */
    if (a->screen == SCREEN_LOBBY && lobby_foot_line(&a->lobby_view)[0])
        printf(" lobby_line=%s", lobby_foot_line(&a->lobby_view)); /* likewise */
    printf("\n");
    fflush(stdout);
}

void script_summary(const app_t *a) {
    summary_of((app_t *)a, -1);
}

/* LINKWAIT [ms [wins]]: a linked machine's test waits, in real time (the script's clock stands),
 * until the link answers and every item of the outbox is answered and written (and the pool's
 * wins seen since the start reach wins), or ms pass. */
static void link_wait(app_t *a, const char *arg) {
    int ms = 10000, wins = 0;
    if (arg[0]) sscanf(arg, "%d %d", &ms, &wins);
    for (int waited = 0; waited <= ms; waited += 10) {
        mlink_view_t v;
        if (!machine_link_view(&a->machine, &v)) return;
        if (v.up && v.pending == 0 && !a->machine.link_dirty && v.win_seq >= wins) return;
        SDL_Delay(10);
        machine_input_t none;
        memset(&none, 0, sizeof none);
        machine_events_t ev;
        machine_step(&a->machine, &none, 0, &ev);
        table_events(&a->table, &ev);
    }
    fprintf(stderr, "studpoker: LINKWAIT: the link did not settle in %d ms\n", ms);
}

/* TICKETWAIT ms DIGITS: a floor's test waits, in real time (the script's clock stands), until
 * this machine's record of its ticket DIGITS says it was redeemed or voided (here, or elsewhere
 * as the floor's controller told it), or ms pass. */
static void ticket_wait(app_t *a, const char *arg) {
    int ms = 10000;
    char digits[32] = "";
    sscanf(arg, "%d %31s", &ms, digits);
    for (int waited = 0; waited <= ms; waited += 10) {
        store_ticket_t t;
        if (machine_ticket_get(&a->machine, digits, &t) && t.state != STORE_TICKET_ISSUED) return;
        SDL_Delay(10);
        machine_input_t none;
        memset(&none, 0, sizeof none);
        machine_events_t ev;
        machine_step(&a->machine, &none, 0, &ev);
        table_events(&a->table, &ev);
    }
    fprintf(stderr, "studpoker: TICKETWAIT: ticket %s was not settled in %d ms\n", digits, ms);
}

/* TABLEWAIT ms what: a terminal's test waits, in real time (the script's clock stands), until the
 * table (the focused one, among several) shows what it names, or ms pass: "betting" (a round takes
 * bets, ours not sent yet, for 2.5 s more at least; "betting=MS": MS more), "dealt" (our hand is on
 * the felt), "deciding" (the table waits for decisions), "settled" (our round is settled on the
 * felt), "collected=N" (N results collected since the start), "sent" (our bets are answered),
 * "synced" (nothing owed either way: every transfer answered, every result collected). */
static bool table_there(app_t *a, const char *what) {
    mtable_status_t ts;
    machine_t *m = front_m(a);
    if (!machine_table_status(m, &ts)) return true;
    const round_t *r = &m->game.round;
    long long n = 0;
    if (sscanf(what, "collected=%lld", &n) == 1) return ts.collected >= n;
    if (strcmp(what, "betting") == 0 || sscanf(what, "betting=%lld", &n) == 1) {
        /* with time to bet (2.5 s, or the ms given): a test's chips go in before it closes */
        bool deciding;
        return machine_table_may_bet(m) && machine_timer_left_ms(m, &deciding) > (n ? n : 2500);
    }
    if (strcmp(what, "dealt") == 0) return r->nseats == 2 && r->phase != ROUND_BETTING;
    if (strcmp(what, "deciding") == 0) /* and the cards seen: a decision waits for them */
        return r->nseats == 2 && r->phase == ROUND_DECIDING && round_seat_can_decide(r, 0) &&
               !table_busy(front_t(a));
    if (strcmp(what, "settled") == 0) return r->nseats == 2 && r->phase == ROUND_SETTLED;
    if (strcmp(what, "sent") == 0) return ts.bets_sent;
    if (strcmp(what, "synced") == 0) return ts.synced;
    return true;
}

/* While a script waits in real time: every machine steps 10 ms with no input (the terminal's
 * tables kept in step with their store), the scenes move on, tables being left go, joins
 * answered sit. */
static void idle_step(app_t *a) {
    machine_t *all[APP_SEATS + 1];
    int n = seats_machines(a, all);
    machine_input_t none;
    for (int k = 0; k < n; k++) {
        table_scene_t *t = all[k] == &a->machine ? &a->table : NULL;
        for (int i = 0; i < a->nseats; i++)
            if (a->seats[i].m == all[k]) t = a->seats[i].t;
        memset(&none, 0, sizeof none);
        none.view_busy = table_busy(t);
        if (n > 1) machine_share_sync(all[k], all, n);
        machine_events_t ev;
        machine_step(all[k], &none, 10, &ev);
        table_events(t, &ev);
        table_update(t, 0.010f); /* the cards move on while the test waits */
    }
    seats_update(a);
}

static void table_wait(app_t *a, const char *arg) {
    int ms = 10000;
    char what[64] = "betting";
    sscanf(arg, "%d %63s", &ms, what);
    for (int waited = 0; waited <= ms; waited += 10) {
        if (table_there(a, what)) return;
        SDL_Delay(10);
        idle_step(a);
    }
    fprintf(stderr, "studpoker: TABLEWAIT: the table did not show '%s' in %d ms\n", what, ms);
}

/* JOIN TABLE / ADDTABLE TABLE: the lobby's JOIN or +TABLE, waited for in real time (up to 20 s)
 * until the table sits or the join is refused. */
static void join_verb(app_t *a, const char *tab, bool add) {
    char why[300];
    if (!seats_join(a, tab, add, why, sizeof why)) {
        fprintf(stderr, "studpoker: %s %s: %s\n", add ? "ADDTABLE" : "JOIN", tab, why);
        return;
    }
    char busy[48];
    for (int waited = 0; waited <= 20000; waited += 10) {
        if (!mlobby_joining(a->lobby, busy, sizeof busy) && seats_find(a, tab) >= 0) return;
        SDL_Delay(10);
        idle_step(a);
        if (!mlobby_joining(a->lobby, busy, sizeof busy) && seats_find(a, tab) < 0 &&
            !a->switch_from[0])
            return; /* refused: said on stderr */
    }
    fprintf(stderr, "studpoker: %s %s: no answer in 20 s\n", add ? "ADDTABLE" : "JOIN", tab);
}

/* LOBBYWAIT ms [TABLE]: until the lobby has been read (and lists TABLE), in real time. */
static void lobby_wait(app_t *a, const char *arg) {
    int ms = 10000;
    char tab[48] = "";
    sscanf(arg, "%d %47s", &ms, tab);
    if (!seats_lobby_on(a)) return;
    mlobby_refresh(a->lobby);
    static mlobby_row_t rows[MLOBBY_ROWS];
    for (int waited = 0; waited <= ms; waited += 10) {
        bool up;
        char state[200];
        int64_t now;
        int n = mlobby_rows(a->lobby, rows, MLOBBY_ROWS, &up, state, sizeof state, &now);
        bool found = !tab[0] && up;
        for (int i = 0; i < n && !found; i++) found = strcmp(rows[i].tab, tab) == 0;
        if (found) return;
        SDL_Delay(10);
        idle_step(a);
    }
    fprintf(stderr, "studpoker: LOBBYWAIT: the lobby did not list '%s' in %d ms\n", tab, ms);
}

/* JOINWAIT ms: until no join is waiting (answered, failed or given up), in real time. */
static void join_wait(app_t *a, const char *arg) {
    int ms = atoi(arg) > 0 ? atoi(arg) : 10000;
    char busy[48];
    for (int waited = 0; waited <= ms; waited += 10) {
        if (!a->lobby || !mlobby_joining(a->lobby, busy, sizeof busy)) {
            idle_step(a); /* the answer taken */
            return;
        }
        SDL_Delay(10);
        idle_step(a);
    }
    fprintf(stderr, "studpoker: JOINWAIT: table %s still being joined after %d ms\n", busy, ms);
}

/* SEATWAIT ms N: until the terminal plays at N tables (a table closed goes after its round). */
static void seat_wait(app_t *a, const char *arg) {
    int ms = 10000, want = 0;
    sscanf(arg, "%d %d", &ms, &want);
    for (int waited = 0; waited <= ms; waited += 10) {
        if (a->nseats == want) return;
        SDL_Delay(10);
        idle_step(a);
    }
    fprintf(stderr, "studpoker: SEATWAIT: %d tables, not %d, after %d ms\n", a->nseats, want, ms);
}

/* The verbs of a terminal's tables; false: not one of them. */
static bool seat_verb(app_t *a, const script_line_t *l) {
    if (strcmp(l->verb, "LOBBY") == 0) {
        if (a->terminal && a->screen != SCREEN_OPERATOR) app_switch(a, SCREEN_LOBBY);
    } else if (strcmp(l->verb, "JOIN") == 0 || strcmp(l->verb, "ADDTABLE") == 0) {
        join_verb(a, l->arg, strcmp(l->verb, "ADDTABLE") == 0);
    } else if (strcmp(l->verb, "FOCUS") == 0) {
        seats_focus(a, atoi(l->arg) - 1);
    } else if (strcmp(l->verb, "CLOSETABLE") == 0) {
        seats_close(a, atoi(l->arg) - 1);
    } else if (strcmp(l->verb, "LOBBYWAIT") == 0) {
        lobby_wait(a, l->arg);
    } else if (strcmp(l->verb, "SEATWAIT") == 0) {
        seat_wait(a, l->arg);
    } else if (strcmp(l->verb, "JOINWAIT") == 0) {
        join_wait(a, l->arg);
    } else if (strcmp(l->verb, "SEATS") == 0) {
        /* a summary line for each table, the first first */
        for (int i = 0; i < a->nseats; i++) summary_of(a, i);
    } else {
        return false;
    }
    return true;
}

void script_apply(app_t *a, uint32_t now, ui_input_t *in, bool *quit) {
    script_t *s = &a->script;
    while (s->next < s->n && s->lines[s->next].at_ms + s->base_ms <= now) {
        script_line_t *l = &s->lines[s->next];
        /* one tap a tick, as a finger makes them: a second waits for the next tick */
        if (in->tap && (strcmp(l->verb, "TAP") == 0 || strcmp(l->verb, "TOUCH") == 0 ||
                        strcmp(l->verb, "SPOT") == 0 || strcmp(l->verb, "PAYS") == 0))
            break;
        /* one digit a tick, as the keyboard's queue gives them (ui_input_poll): a second digit
         * at the same instant waits for the next tick instead of replacing the first */
        if (in->digit >= 0 && strcmp(l->verb, "DIGIT") == 0) break;
        /* a ticket's picture still being saved (real time, while a script's clock may run
         * faster): its ticket is printed before the script goes on, as a player's next press
         * comes long after it */
        app_tickets_finish(a);
        s->next++;
        ui_button_t b;
        if (strcmp(l->verb, "QUIT") == 0) {
            *quit = true;
        } else if (strcmp(l->verb, "SCREENSHOT") == 0) {
            if (!gfx_screenshot(&a->gfx, l->arg))
                fprintf(stderr, "studpoker: cannot write %s\n", l->arg);
        } else if (strcmp(l->verb, "LANG") == 0) {
            /* the language button; LANG CODE: the presses that reach that language */
            cfg_language_t want;
            cfg_t probe = a->machine.cfg;
            char err[CFG_ERROR_LEN];
            bool named =
                l->arg[0] && cfg_set(&probe, "display", "language", l->arg, err, sizeof err);
            want = probe.display.language;
            for (int k = 0; k < CFG_LANGUAGES; k++) {
                if (named && machine_language(&a->machine) == (int)want) break;
                table_next_language(&a->table);
                if (!named) break;
            }
        } else if (strcmp(l->verb, "BOXES") == 0) {
            /* the last frame's text boxes (recording is on: script_records) */
            if (!gfx_boxes_write(&a->gfx, l->arg))
                fprintf(stderr, "studpoker: cannot write %s\n", l->arg);
        } else if (strcmp(l->verb, "LINKWAIT") == 0) {
            link_wait(a, l->arg);
        } else if (strcmp(l->verb, "TICKETWAIT") == 0) {
            ticket_wait(a, l->arg);
        } else if (strcmp(l->verb, "TABLEWAIT") == 0) {
            table_wait(a, l->arg);
        } else if (strcmp(l->verb, "SLEEP") == 0) {
            /* real time, the script's clock standing: a test acts on the world meanwhile */
            SDL_Delay((uint32_t)atoi(l->arg));
        } else if (strcmp(l->verb, "SUMMARY") == 0) {
            summary_of(a, l->arg[0] ? atoi(l->arg) - 1 : -1);
        } else if (seat_verb(a, l)) {
            /* a terminal's tables: done */
        } else if (strcmp(l->verb, "TAP") == 0 || strcmp(l->verb, "TOUCH") == 0) {
            in->tap = true, in->px = l->x, in->py = l->y;
            in->touched = strcmp(l->verb, "TOUCH") == 0; /* a finger, not the mouse */
        } else if (strcmp(l->verb, "DIGIT") == 0) {
            in->digit = atoi(l->arg) % 10;
        } else if (strcmp(l->verb, "TICKET") == 0) {
            /* a ticket inserted: its validation number, as the scanner would give it */
            snprintf(in->ticket, sizeof in->ticket, "%.31s", l->arg);
        } else if (strcmp(l->verb, "PRINTWAIT") == 0) {
            app_print_wait(a, l->arg[0] ? atoi(l->arg) : 20000);
        } else if (strcmp(l->verb, "BILL") == 0 && l->arg[0]) {
            /* a note of a given value (the acceptor refuses values it does not take) */
            int64_t v;
            if (cfg_parse_money(l->arg, &v)) a->script_bill = v;
            ui_press(in, BTN_BILL);
        } else if (strcmp(l->verb, "PAYS") == 0) {
            /* the focused table's pay panel's next table, as a touch on its arrow */
            if (table_pay_arrow(front_t(a), &in->px, &in->py)) {
                in->tap = true;
                if (a->terminal && a->nseats > 1)
                    seats_spot_point(a, a->focus, ui_r(in->px, in->py, 0, 0), &in->px, &in->py);
            }
        } else if (strcmp(l->verb, "SPOT") == 0) {
            /* the focused table's spot (a table among four: where it is on the window) */
            const table_scene_t *t = front_t(a);
            for (int i = 0; i < t->nspots; i++)
                if (strcmp(wager_key(t->spots[i].wager), l->arg) == 0) {
                    in->tap = true;
                    in->px = t->spots[i].r.x + t->spots[i].r.w / 2;
                    in->py = t->spots[i].r.y + t->spots[i].r.h / 2;
                    if (a->terminal && a->nseats > 1)
                        seats_spot_point(a, a->focus, t->spots[i].r, &in->px, &in->py);
                }
        } else if (ui_button_from_name(l->verb, &b)) {
            ui_press(in, b);
        } else {
            fprintf(stderr, "studpoker: script line at %u ms: unknown '%s'\n", l->at_ms, l->verb);
        }
    }
}
