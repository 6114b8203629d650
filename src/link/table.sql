-- table.sql: shared tables on the controller (issue 15): one dealer, any number of players.
--
-- Installed by `studpoker link init` after controller.sql and controller_operator.sql, in the
-- same transaction; the same rules hold (tables created when absent, functions replaced, grants
-- given again, owned by splink_owner, SECURITY DEFINER functions with a pinned search_path).
-- This file holds the tables, the helpers and the terminals' functions but for table_look (what a
-- terminal reads on each notice: table_look.sql); table_host.sql the host's, table_operator.sql
-- the operator's (installed after them, in that order).
--
-- Who is who. A table has a host: the `studpoker table-host` process, logged in as the table's
-- own login (a member of splink_host), which opens rounds, deals, closes the decisions and
-- settles. Players play from terminals: each terminal logs in as its own login (a member of
-- splink_terminal), known by a name and a site (its currency is the site's). Neither reads a
-- table: each calls the functions below for what it may see and do, and a function checks that
-- the login calling is the host or terminal it names.
--
-- A round (sptable.rounds) goes: betting (until betting_until, the server's clock) -> closed (the
-- stakes are counted, nothing dealt) -> deciding (every player with a hand decides, one step in
-- Caribbean and Asian Stud, three in Cajun Stud, each until deciding_until) -> settled, or
-- cancelled. The row changes with the round; what happened in it is in append-only rows: stakes,
-- hands, decisions and results.
--
-- Money. A player's credits stay on the terminal. Each stake crosses to the table as a transfer
-- keyed by the terminal (machine, transfer): the terminal records it first (its credits go down)
-- and sends it; the table accepts it while betting is open (or, for a raise, while its decision
-- is open), or refuses it, and answers the same to the same key however often it is sent. What
-- comes back is the round's result row for the terminal, keyed (table, round, machine): its
-- `total` is what the terminal credits when it collects it, whether the round was settled
-- (stakes plus wins), voided for the player (every stake back: disconnected while betting was
-- open, 001), or cancelled (every stake back, 001: "If immediate resolution is not possible").
-- So for every (table, round, machine): the accepted stakes = results.staked, and a terminal's
-- records equal the table's: what it sent and was accepted, what it collected.
--
-- Timing is the server's clock: a stake is accepted only while clock_timestamp() is before the
-- round's betting_until, a decision before deciding_until. A stake (or a decision) holds a
-- shared advisory lock on its round while it is counted, and the host's close takes it
-- exclusively, so nothing is counted into a round after the host has read it.
--
-- Errors a terminal or a host acts on carry the SQLSTATE class "SP", as the controller's.

SELECT pg_advisory_xact_lock(7310291402);

DO $roles$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'splink_host') THEN
        CREATE ROLE splink_host NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'splink_terminal') THEN
        CREATE ROLE splink_terminal NOLOGIN;
    END IF;
END
$roles$;
GRANT splink_host TO splink_owner WITH ADMIN OPTION;
GRANT splink_terminal TO splink_owner WITH ADMIN OPTION;

CREATE SCHEMA IF NOT EXISTS sptable AUTHORIZATION splink_owner;
REVOKE ALL ON SCHEMA sptable FROM PUBLIC;
GRANT USAGE ON SCHEMA sptable TO splink_host, splink_terminal, splink_operator;

SET LOCAL ROLE splink_owner;

-- A table: its host's login, the configuration it deals by (the host's config file, which the
-- terminals read and play by), what the lobby shows, and its timing.
CREATE TABLE IF NOT EXISTS sptable.tables (
    tab         text PRIMARY KEY CHECK (tab ~ '^[a-z][a-z0-9_]{0,39}$'),
    host_role   text NOT NULL UNIQUE,
    currency    text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    title       text NOT NULL DEFAULT '',
    limits      text NOT NULL DEFAULT '',
    variant     text NOT NULL DEFAULT '',
    config      text NOT NULL DEFAULT '',
    betting_ms  integer NOT NULL DEFAULT 15000 CHECK (betting_ms BETWEEN 1000 AND 600000),
    deciding_ms integer NOT NULL DEFAULT 15000 CHECK (deciding_ms BETWEEN 1000 AND 600000),
    deal        text NOT NULL DEFAULT 'per_player' CHECK (deal IN ('one_deck', 'per_player')),
    added_at    timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- A table whose JACKPOT (or US progressive) is a linked pool: the pool, and the machine name its
-- host contributes and claims as on the controller (each player of a round is a seat of it).
ALTER TABLE sptable.tables ADD COLUMN IF NOT EXISTS pool text NOT NULL DEFAULT '';
ALTER TABLE sptable.tables ADD COLUMN IF NOT EXISTS link_machine text NOT NULL DEFAULT '';

-- A terminal: a player's machine, its site (its currency) and its own login.
CREATE TABLE IF NOT EXISTS sptable.terminals (
    machine  text PRIMARY KEY CHECK (machine ~ '^[a-z][a-z0-9_]{0,39}$'),
    site     text NOT NULL REFERENCES splink.sites,
    role     text NOT NULL UNIQUE,
    added_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Who sits at which table now (the lobby counts them); leaving removes the row.
CREATE TABLE IF NOT EXISTS sptable.seats (
    tab       text NOT NULL REFERENCES sptable.tables,
    machine   text NOT NULL REFERENCES sptable.terminals,
    joined_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (tab, machine)
);

CREATE TABLE IF NOT EXISTS sptable.rounds (
    tab            text NOT NULL REFERENCES sptable.tables,
    round          bigint NOT NULL CHECK (round >= 1),
    phase          text NOT NULL CHECK (phase IN ('betting', 'closed', 'deciding', 'settled',
                                                  'cancelled')),
    step           integer NOT NULL DEFAULT 0 CHECK (step BETWEEN 0 AND 3),
    config_hash    text NOT NULL,               -- the configuration the round is dealt by
    opened_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
    betting_until  timestamptz NOT NULL,
    deciding_until timestamptz,
    deck           text,    -- the round's shuffled deck, as dealt (cards as text, "As Kd ...")
    dealer         text,    -- the dealer's five cards (Cajun: none); shown when settled
    up_card        text,    -- the dealer's first card, shown from the deal
    board          text,    -- Cajun's three community cards; `step` of them are shown
    players        integer NOT NULL DEFAULT 0,  -- hands dealt
    finished_at    timestamptz,
    cancel_reason  text,
    PRIMARY KEY (tab, round)
);

-- A stake sent by a terminal, keyed by the terminal: the bets before the deal (step -1) or the
-- raise of a decision (step 0..2), one amount per wager in the order of rules.h's wager_t.
CREATE TABLE IF NOT EXISTS sptable.stakes (
    machine  text NOT NULL REFERENCES sptable.terminals,
    transfer bigint NOT NULL CHECK (transfer >= 1),
    tab      text NOT NULL,
    round    bigint NOT NULL,
    step     integer NOT NULL CHECK (step BETWEEN -1 AND 2),
    amounts  bigint[] NOT NULL,
    total    bigint NOT NULL CHECK (total >= 0),
    currency text NOT NULL,
    accepted boolean NOT NULL,
    reason   text,
    at       timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (machine, transfer)
);
CREATE INDEX IF NOT EXISTS stakes_round ON sptable.stakes (tab, round, machine);

-- The cards a player was dealt, and the deck the settlement replays for that player through the
-- round engine as a one-seat round (the player's cards, then the dealer's or the board, then the
-- rest: the engine's dealing order), whichever way the table dealt.
CREATE TABLE IF NOT EXISTS sptable.hands (
    tab     text NOT NULL,
    round   bigint NOT NULL,
    machine text NOT NULL,
    seat    integer NOT NULL CHECK (seat >= 1),
    cards   text NOT NULL,
    deck    text NOT NULL,
    PRIMARY KEY (tab, round, machine)
);

-- A decision: play (Caribbean PLAY 2x, Asian RAISE, Cajun RAISE `multiple` x), fold, or the
-- host's auto_fold when the decision time ran out (001: "AUTO FOLDED").
CREATE TABLE IF NOT EXISTS sptable.decisions (
    tab      text NOT NULL,
    round    bigint NOT NULL,
    machine  text NOT NULL,
    step     integer NOT NULL CHECK (step BETWEEN 0 AND 2),
    action   text NOT NULL CHECK (action IN ('play', 'fold', 'auto_fold')),
    multiple integer NOT NULL DEFAULT 0 CHECK (multiple BETWEEN 0 AND 3),
    transfer bigint,  -- the raise's stake (machine, transfer); NULL for a fold
    at       timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (tab, round, machine, step)
);

-- What goes back to a terminal from a round, keyed (table, round, machine): settled (stakes plus
-- wins, per wager), void (the player's stakes back: disconnected while betting was open, or bets
-- the rules refuse), or cancelled (the round's stakes back).
CREATE TABLE IF NOT EXISTS sptable.results (
    tab      text NOT NULL,
    round    bigint NOT NULL,
    machine  text NOT NULL,
    kind     text NOT NULL CHECK (kind IN ('settled', 'void', 'cancelled')),
    staked   bigint NOT NULL CHECK (staked >= 0),
    returned bigint[] NOT NULL,
    total    bigint NOT NULL CHECK (total >= 0),
    verdict  text NOT NULL DEFAULT '',
    at       timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (tab, round, machine)
);
CREATE INDEX IF NOT EXISTS results_machine ON sptable.results (machine, tab, round);

-- Schema 4 (issue 15: a table of 10,000 players settles and every terminal has its result within
-- a second): what a terminal reads is one row, never a count or a sum over the table's players.
--  - rounds.seated: the terminals seated at the table, counted by the host when the round opens,
--    when its betting closes and every second or so in between (host_seated): the view and the
--    lobby show it (counting the seats of a table of thousands on every terminal's every read
--    cost more than everything else a read does). NULL: a round from before schema 4, for which
--    they count the seats as before.
--  - results.cards, decisions and stakes: what a terminal collects with its result (its cards,
--    its decisions "step:action:multiple", its accepted stakes summed per wager), written with the
--    result from the round's rows, which no longer change once it is written (a stake or a
--    decision is taken only while its step is open). stakes NULL: a result from before schema 4
--    (the rows are append-only, so none is filled in afterwards): table_results works those
--    three out from the rows as before.
ALTER TABLE sptable.rounds ADD COLUMN IF NOT EXISTS seated integer;
ALTER TABLE sptable.results ADD COLUMN IF NOT EXISTS cards text;
ALTER TABLE sptable.results ADD COLUMN IF NOT EXISTS decisions text;
ALTER TABLE sptable.results ADD COLUMN IF NOT EXISTS stakes bigint[];

-- Schema 7 (issue 15: every terminal of a table of 10,000 has its result within a second of the
-- close of the decisions, also on a loaded machine):
--  - rounds.newest: the table's newest round (one a table, the unique index says so), which a
--    terminal reads on every notice (table_now, table_look.sql) by one index lookup; host_open
--    moves it. rounds.pool: the table's linked pool when the round opened ("" none), so that what
--    a terminal reads asks for the pool's value only at a table that has one.
--  - Every hand and result names a round of the table (a hand is dealt, a result written, in a
--    round): checked once for each statement that writes them (the rounds they name, against
--    sptable.rounds) instead of a foreign key checked row by row, whose 10,000 lookups were 40-70
--    ms of the recording of a table of 10,000 (and of its deal); and a round is never removed
--    nor renumbered (refuse_round_change), which the foreign keys also ensured: the checks and
--    their triggers are table_operator.sql's, with the audits.
ALTER TABLE sptable.rounds ADD COLUMN IF NOT EXISTS newest boolean NOT NULL DEFAULT false;
ALTER TABLE sptable.rounds ADD COLUMN IF NOT EXISTS pool text NOT NULL DEFAULT '';
UPDATE sptable.rounds x SET newest = true, pool = t.pool
  FROM sptable.tables t
 WHERE t.tab = x.tab
   AND x.round = (SELECT max(y.round) FROM sptable.rounds y WHERE y.tab = x.tab)
   AND NOT EXISTS (SELECT 1 FROM sptable.rounds y WHERE y.tab = x.tab AND y.newest);
CREATE UNIQUE INDEX IF NOT EXISTS rounds_newest ON sptable.rounds (tab) WHERE newest;
ALTER TABLE sptable.hands DROP CONSTRAINT IF EXISTS hands_tab_round_fkey;
ALTER TABLE sptable.results DROP CONSTRAINT IF EXISTS results_tab_round_fkey;


-- Each player's accepted stakes in a round, summed per wager (a stake is 1 to 32 amounts, one per
-- wager; the sum as long as the longest stake), with the totals before the deal and in raises:
-- the void and cancelled results' stakes and the audit's check of every result's. Filtered by
-- (tab, round), the filter reaches the stakes' index (both are grouped by). (The settlement's
-- are summed by the host from the stakes it reads: 32 sums over every stake of a table of
-- thousands cost more than everything else it reads.)
DROP VIEW IF EXISTS sptable.stake_sums;
DO $view$
BEGIN
    EXECUTE format($f$
        CREATE VIEW sptable.stake_sums AS
        SELECT k.tab, k.round, k.machine,
               ((ARRAY[%s])[1:max(cardinality(k.amounts))])::bigint[] AS amounts,
               (sum(k.total) FILTER (WHERE k.step = -1))::bigint AS bets_total,
               coalesce(sum(k.total) FILTER (WHERE k.step >= 0), 0)::bigint AS raised
          FROM sptable.stakes k
         WHERE k.accepted
         GROUP BY k.tab, k.round, k.machine$f$,
        (SELECT string_agg(format('sum(k.amounts[%s])', i), ', ') FROM generate_series(1, 32) i));
END
$view$;

DO $triggers$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['stakes', 'hands', 'decisions', 'results'] LOOP
        IF NOT EXISTS (SELECT 1 FROM pg_trigger
                       WHERE tgname = t || '_append_only'
                         AND tgrelid = format('sptable.%I', t)::regclass) THEN
            EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OR DELETE ON sptable.%I '
                           'FOR EACH ROW EXECUTE FUNCTION splink.refuse_change()',
                           t || '_append_only', t);
            EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON sptable.%I '
                           'FOR EACH STATEMENT EXECUTE FUNCTION splink.refuse_change()',
                           t || '_no_truncate', t);
        END IF;
    END LOOP;
END
$triggers$;

-- ---- helpers ----

CREATE OR REPLACE FUNCTION sptable.caller_terminal(p_machine text) RETURNS sptable.terminals
LANGUAGE plpgsql STABLE SET search_path = sptable, pg_temp AS $$
DECLARE
    t sptable.terminals;
BEGIN
    SELECT * INTO t FROM sptable.terminals WHERE machine = p_machine;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('terminal %s is not registered on this controller', p_machine),
            HINT = 'an operator adds it with sptable.table_terminal_add';
    END IF;
    IF t.role <> session_user THEN
        RAISE EXCEPTION USING ERRCODE = 'SP003',
            MESSAGE = format('the login %s may not act for terminal %s', session_user, p_machine);
    END IF;
    RETURN t;
END
$$;

CREATE OR REPLACE FUNCTION sptable.caller_host(p_tab text) RETURNS sptable.tables
LANGUAGE plpgsql STABLE SET search_path = sptable, pg_temp AS $$
DECLARE
    t sptable.tables;
BEGIN
    SELECT * INTO t FROM sptable.tables WHERE tab = p_tab;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('there is no table %s on this controller', p_tab);
    END IF;
    IF t.host_role <> session_user THEN
        RAISE EXCEPTION USING ERRCODE = 'SP003',
            MESSAGE = format('the login %s is not the host of table %s', session_user, p_tab);
    END IF;
    RETURN t;
END
$$;

-- The round's lock: stakes and decisions share it while they are counted, the host's closes
-- take it alone.
CREATE OR REPLACE FUNCTION sptable.round_key(p_tab text) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$ SELECT hashtext('sptable:' || p_tab) $$;

-- A terminal is at a table while its session holds its presence lock for that table (a session
-- advisory lock keyed by terminal and table, taken when it sits down; the server lets it go when
-- the session ends, however it ends). One terminal sits at a table from one session at a time;
-- it may sit at other tables from sessions of their own (001: up to four tables in one window,
-- each on its own connection, all paid from the one terminal's credits).
DROP FUNCTION IF EXISTS sptable.presence_key(text);
DROP FUNCTION IF EXISTS sptable.present(text);
CREATE OR REPLACE FUNCTION sptable.presence_key(p_machine text, p_tab text) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
    SELECT hashtextextended('sptable:presence:' || p_machine || ':' || p_tab, 7)
$$;

-- Whether the terminal's session is at the table: its lock is held (by it; the host's own try
-- leaves nothing behind).
CREATE OR REPLACE FUNCTION sptable.present(p_machine text, p_tab text) RETURNS boolean
LANGUAGE plpgsql VOLATILE SET search_path = sptable, pg_temp AS $$
BEGIN
    IF pg_try_advisory_lock(sptable.presence_key(p_machine, p_tab)) THEN
        PERFORM pg_advisory_unlock(sptable.presence_key(p_machine, p_tab));
        RETURN false;
    END IF;
    RETURN true;
END
$$;

CREATE OR REPLACE FUNCTION sptable.notify_table(p_tab text, p_round bigint, p_phase text,
                                                p_step integer) RETURNS void
LANGUAGE sql VOLATILE SET search_path = sptable, pg_temp AS $$
    SELECT pg_notify('sptable_' || p_tab,
        format('table=%s round=%s phase=%s step=%s at=%s', p_tab, p_round, p_phase, p_step,
               (extract(epoch FROM clock_timestamp()) * 1000000)::bigint))
$$;

CREATE OR REPLACE FUNCTION sptable.ms_left(p_until timestamptz) RETURNS integer
LANGUAGE sql VOLATILE AS $$
    SELECT CASE WHEN p_until IS NULL THEN 0
                ELSE greatest(0, ceil(extract(epoch FROM (p_until - clock_timestamp())) * 1000))
           END::integer
$$;

-- ---- the terminals' functions ----

-- Sits at a table: what the terminal plays by (the host's configuration and timing, the linked
-- pool its JACKPOT is, "" none).
DROP FUNCTION IF EXISTS sptable.table_join(text, text);
CREATE OR REPLACE FUNCTION sptable.table_join(p_machine text, p_tab text)
RETURNS TABLE (tab text, currency text, title text, variant text, config text,
               betting_ms integer, deciding_ms integer, deal text, pool text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
#variable_conflict use_column
DECLARE
    m sptable.terminals;
    t sptable.tables;
    site_cur text;
BEGIN
    m := sptable.caller_terminal(p_machine);
    SELECT * INTO t FROM sptable.tables x WHERE x.tab = p_tab;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('there is no table %s', p_tab);
    END IF;
    SELECT s.currency INTO site_cur FROM splink.sites s WHERE s.site = m.site;
    IF site_cur <> t.currency THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('table %s plays in %s; terminal %s plays in %s', p_tab, t.currency,
                             p_machine, site_cur);
    END IF;
    IF t.config = '' THEN
        -- (schema 5: a code of its own, so that a terminal waits for the table to open)
        RAISE EXCEPTION USING ERRCODE = 'SP005',
            MESSAGE = format('table %s has no host yet', p_tab),
            HINT = 'its table-host publishes it when it starts';
    END IF;
    -- present from this session (a second session of the same terminal at the same table is
    -- refused: 001, a player who joins from another device leaves the first)
    IF NOT pg_try_advisory_lock(sptable.presence_key(p_machine, p_tab)) THEN
        RAISE EXCEPTION USING ERRCODE = 'SP003',
            MESSAGE = format('terminal %s is at table %s from another connection', p_machine,
                             p_tab),
            HINT = 'the other connection ends first (a terminal that lost its network is let go '
                   'by the server within seconds)';
    END IF;
    INSERT INTO sptable.seats (tab, machine) VALUES (p_tab, p_machine)
        ON CONFLICT ON CONSTRAINT seats_pkey DO NOTHING;
    RETURN QUERY SELECT t.tab, t.currency, t.title, t.variant, t.config, t.betting_ms,
                        t.deciding_ms, t.deal, t.pool;
END
$$;

CREATE OR REPLACE FUNCTION sptable.table_leave(p_machine text, p_tab text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
BEGIN
    PERFORM sptable.caller_terminal(p_machine);
    DELETE FROM sptable.seats s WHERE s.tab = p_tab AND s.machine = p_machine;
END
$$;

-- The table as this terminal may see it now: the newest round, its timers (ms left on the
-- server's clock), the dealer's up card once dealt, the dealer's hand once settled, Cajun's
-- community cards as they are shown, how many players have a hand and how many sit at the table,
-- and the terminal's own hand, stakes, decisions and result. Every terminal reads it on each
-- change of the round: each part is a lookup by key (generic plans: the same few index scans
-- whatever the arguments, planned once per session).
DROP FUNCTION IF EXISTS sptable.table_view(text, text);
CREATE OR REPLACE FUNCTION sptable.table_view(p_machine text, p_tab text)
RETURNS TABLE (round bigint, phase text, step integer, betting_left_ms integer,
               deciding_left_ms integer, up_card text, dealer text, board text,
               players integer, seated integer, config_hash text, my_cards text,
               my_staked bigint, my_decisions text, my_result text, my_total bigint,
               my_returned bigint[], pool_value bigint)
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = sptable, pg_temp SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
    r sptable.rounds;
    x sptable.results;
    pv bigint;
BEGIN
    -- the caller is the terminal: checked here (every terminal of a table of thousands asks this
    -- each round), caller_terminal says why not
    IF NOT EXISTS (SELECT 1 FROM sptable.terminals t
                    WHERE t.machine = p_machine AND t.role = session_user) THEN
        PERFORM sptable.caller_terminal(p_machine);
    END IF;
    -- the table's linked pool, in the table's money, rounded down (-1: none)
    SELECT CASE WHEN t.pool = '' THEN -1
                ELSE (SELECT div(n.value::numeric * rt.den, rt.num * 10000::numeric)::bigint
                        FROM splink.pools_now n, splink.rate_for(t.currency, n.currency) rt
                       WHERE n.pool = t.pool) END
      INTO pv FROM sptable.tables t WHERE t.tab = p_tab;
    SELECT * INTO r FROM sptable.rounds y WHERE y.tab = p_tab ORDER BY y.round DESC LIMIT 1;
    IF NOT FOUND THEN
        RETURN QUERY SELECT 0::bigint, 'none'::text, 0, 0, 0, NULL::text, NULL::text, NULL::text,
                            0, (SELECT count(*)::integer FROM sptable.seats s WHERE s.tab = p_tab),
                            NULL::text, NULL::text, 0::bigint, NULL::text, NULL::text, 0::bigint,
                            NULL::bigint[], coalesce(pv, -1);
        RETURN;
    END IF;
    SELECT * INTO x FROM sptable.results y
     WHERE y.tab = p_tab AND y.round = r.round AND y.machine = p_machine;
    RETURN QUERY SELECT r.round, r.phase, r.step,
        CASE WHEN r.phase = 'betting' THEN sptable.ms_left(r.betting_until) ELSE 0 END,
        CASE WHEN r.phase = 'deciding' THEN sptable.ms_left(r.deciding_until) ELSE 0 END,
        CASE WHEN r.phase IN ('deciding', 'settled') THEN r.up_card END,
        CASE WHEN r.phase = 'settled' THEN r.dealer END,
        CASE WHEN r.board IS NULL THEN NULL
             WHEN r.phase = 'settled' THEN r.board
             ELSE array_to_string((string_to_array(r.board, ' '))[1:r.step], ' ') END,
        r.players,
        coalesce(r.seated, (SELECT count(*)::integer FROM sptable.seats s WHERE s.tab = p_tab)),
        r.config_hash,
        -- once settled (every terminal reads it then), the result carries them (schema 4)
        CASE WHEN x.stakes IS NOT NULL THEN x.cards
             ELSE (SELECT h.cards FROM sptable.hands h
                    WHERE h.tab = p_tab AND h.round = r.round AND h.machine = p_machine) END,
        CASE WHEN x.stakes IS NOT NULL THEN x.staked
             ELSE (SELECT coalesce(sum(k.total), 0)::bigint FROM sptable.stakes k
                    WHERE k.tab = p_tab AND k.round = r.round AND k.machine = p_machine
                      AND k.accepted) END,
        CASE WHEN x.stakes IS NOT NULL THEN x.decisions
             ELSE (SELECT string_agg(d.step || ':' || d.action || ':' || d.multiple, ' '
                                     ORDER BY d.step)
                     FROM sptable.decisions d
                    WHERE d.tab = p_tab AND d.round = r.round AND d.machine = p_machine) END,
        x.kind, coalesce(x.total, 0), x.returned, coalesce(pv, -1);
END
$$;

-- The bets of a round, sent by a terminal under its own key. Accepted while the round takes bets
-- (betting, before betting_until on the server's clock), else refused with the reason; the same
-- key sent again is answered as it was first (replay), and the same key with other figures is
-- refused (SP001). The table checks the sums here; the host checks the bets against the rules
-- when betting closes (a bet the rules refuse voids the player's round: every stake back).
CREATE OR REPLACE FUNCTION sptable.table_stake(p_machine text, p_tab text, p_round bigint,
                                               p_transfer bigint, p_amounts bigint[])
RETURNS TABLE (accepted boolean, reason text, replay boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
#variable_conflict use_column
DECLARE
    m sptable.terminals;
    k sptable.stakes;
    r sptable.rounds;
    tot bigint;
    why text := NULL;
    cur text;
BEGIN
    -- the caller is the terminal: checked here (every terminal of a table of thousands sends
    -- this each round), caller_terminal says why not
    SELECT * INTO m FROM sptable.terminals t WHERE t.machine = p_machine AND t.role = session_user;
    IF NOT FOUND THEN
        m := sptable.caller_terminal(p_machine);
    END IF;
    IF p_transfer IS NULL OR p_transfer < 1 OR p_amounts IS NULL OR cardinality(p_amounts) < 1
       OR cardinality(p_amounts) > 32 OR array_position(p_amounts, NULL) IS NOT NULL
       OR (SELECT min(a) FROM unnest(p_amounts) a) < 0
       OR (SELECT max(a) FROM unnest(p_amounts) a) > 100000000000 THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = 'a stake is a transfer number >= 1 and 1 to 32 amounts of 0 to 10^11';
    END IF;
    SELECT coalesce(sum(a), 0) INTO tot FROM unnest(p_amounts) a;
    SELECT * INTO k FROM sptable.stakes x WHERE x.machine = p_machine AND x.transfer = p_transfer;
    IF FOUND THEN
        IF k.tab <> p_tab OR k.round <> p_round OR k.amounts <> p_amounts OR k.step <> -1 THEN
            RAISE EXCEPTION USING ERRCODE = 'SP001',
                MESSAGE = format('transfer %s of terminal %s was sent with other figures',
                                 p_transfer, p_machine);
        END IF;
        RETURN QUERY SELECT k.accepted, k.reason, true;
        RETURN;
    END IF;
    PERFORM pg_advisory_xact_lock_shared(sptable.round_key(p_tab), p_round::integer);
    SELECT * INTO r FROM sptable.rounds x WHERE x.tab = p_tab AND x.round = p_round;
    SELECT s.currency INTO cur FROM splink.sites s WHERE s.site = m.site;
    IF NOT FOUND OR r.round IS NULL THEN
        why := format('there is no round %s at table %s', p_round, p_tab);
    ELSIF r.phase <> 'betting' OR clock_timestamp() >= r.betting_until THEN
        why := 'betting had closed';
    ELSIF tot = 0 THEN
        why := 'no bet';
    ELSIF NOT EXISTS (SELECT 1 FROM sptable.seats s WHERE s.tab = p_tab AND s.machine = p_machine)
    THEN
        why := format('terminal %s is not seated at table %s', p_machine, p_tab);
    ELSIF EXISTS (SELECT 1 FROM sptable.stakes s WHERE s.machine = p_machine AND s.tab = p_tab
                     AND s.round = p_round AND s.step = -1 AND s.accepted) THEN
        -- one set of bets a round (a terminal started again in the round it had bet in sends
        -- no second: its raises are worked out from the bets it knows)
        why := 'your bets for this round were placed already';
    END IF;
    INSERT INTO sptable.stakes (machine, transfer, tab, round, step, amounts, total, currency,
                                accepted, reason)
    VALUES (p_machine, p_transfer, p_tab, p_round, -1, p_amounts, tot, coalesce(cur, '???'),
            why IS NULL, why);
    RETURN QUERY SELECT why IS NULL, why, false;
END
$$;

-- A raise as the amounts of a stake, one per wager in the order of rules.h's wager_t (twelve):
-- Caribbean's PLAY and Asian's RAISE are the second, Cajun's three raises the third to fifth.
CREATE OR REPLACE FUNCTION sptable.raise_amounts(p_tab text, p_step integer, p_amount bigint)
RETURNS bigint[]
LANGUAGE plpgsql STABLE SET search_path = sptable, pg_temp AS $$
DECLARE
    a bigint[] := array_fill(0::bigint, ARRAY[12]);
BEGIN
    IF (SELECT t.variant FROM sptable.tables t WHERE t.tab = p_tab) = 'cajun' THEN
        a[3 + p_step] := p_amount;
    ELSE
        a[2] := p_amount;
    END IF;
    RETURN a;
END
$$;

-- A decision of the step in play, with its raise's stake under the terminal's key (NULL
-- transfer and 0 amount for a fold). Accepted while the step is open (deciding, before
-- deciding_until) for a player with a hand who has not folded nor decided this step; a raise's
-- transfer sent again is answered as it was, and every raise refused (late, the step decided
-- already, by the table's auto-fold among others) is recorded refused: the table keeps a row for
-- every transfer it answered.
CREATE OR REPLACE FUNCTION sptable.table_decide(p_machine text, p_tab text, p_round bigint,
                                                p_step integer, p_action text,
                                                p_multiple integer, p_transfer bigint,
                                                p_amount bigint)
RETURNS TABLE (accepted boolean, reason text, replay boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
#variable_conflict use_column
DECLARE
    m sptable.terminals;
    d sptable.decisions;
    r sptable.rounds;
    k sptable.stakes;
    why text := NULL;
    cur text;
BEGIN
    -- the caller is the terminal: checked here (every terminal of a table of thousands sends
    -- this each round), caller_terminal says why not
    SELECT * INTO m FROM sptable.terminals t WHERE t.machine = p_machine AND t.role = session_user;
    IF NOT FOUND THEN
        m := sptable.caller_terminal(p_machine);
    END IF;
    IF p_action NOT IN ('play', 'fold') OR p_step NOT BETWEEN 0 AND 2
       OR (p_action = 'play' AND (p_multiple NOT BETWEEN 1 AND 3 OR p_transfer IS NULL
                                  OR p_transfer < 1 OR p_amount IS NULL OR p_amount <= 0))
       OR (p_action = 'fold' AND (p_transfer IS NOT NULL OR coalesce(p_amount, 0) <> 0)) THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = 'a decision is play (a multiple 1 to 3, its raise''s transfer and amount) '
                      'or fold (no transfer, no amount), at a step 0 to 2';
    END IF;
    -- a raise's transfer answered before: that answer
    IF p_transfer IS NOT NULL THEN
        SELECT * INTO k FROM sptable.stakes x
         WHERE x.machine = p_machine AND x.transfer = p_transfer;
        IF FOUND THEN
            IF k.tab <> p_tab OR k.round <> p_round OR k.step <> p_step OR k.total <> p_amount THEN
                RAISE EXCEPTION USING ERRCODE = 'SP001',
                    MESSAGE = format('transfer %s of terminal %s was sent with other figures',
                                     p_transfer, p_machine);
            END IF;
            RETURN QUERY SELECT k.accepted, k.reason, true;
            RETURN;
        END IF;
    END IF;
    SELECT * INTO d FROM sptable.decisions x
     WHERE x.tab = p_tab AND x.round = p_round AND x.machine = p_machine AND x.step = p_step;
    IF FOUND AND d.action = p_action AND d.multiple = coalesce(p_multiple, 0)
       AND d.transfer IS NOT DISTINCT FROM p_transfer THEN
        RETURN QUERY SELECT true, NULL::text, true; -- a fold sent again
        RETURN;
    END IF;
    IF FOUND THEN
        why := format('this step was decided already (%s)', d.action);
    END IF;
    PERFORM pg_advisory_xact_lock_shared(sptable.round_key(p_tab), p_round::integer);
    SELECT * INTO r FROM sptable.rounds x WHERE x.tab = p_tab AND x.round = p_round;
    IF why IS NOT NULL THEN
        NULL; -- refused already: its stake is recorded below, refused
    ELSIF NOT FOUND THEN
        why := format('there is no round %s at table %s', p_round, p_tab);
    ELSIF r.phase <> 'deciding' OR r.step <> p_step OR clock_timestamp() >= r.deciding_until THEN
        why := 'the decision time had run out';
    ELSIF NOT EXISTS (SELECT 1 FROM sptable.hands h
                       WHERE h.tab = p_tab AND h.round = p_round AND h.machine = p_machine) THEN
        why := 'no hand in this round';
    ELSIF EXISTS (SELECT 1 FROM sptable.decisions x
                   WHERE x.tab = p_tab AND x.round = p_round AND x.machine = p_machine
                     AND x.action <> 'play') THEN
        why := 'the hand was folded';
    END IF;
    IF p_transfer IS NOT NULL THEN
        SELECT s.currency INTO cur FROM splink.sites s WHERE s.site = m.site;
        INSERT INTO sptable.stakes (machine, transfer, tab, round, step, amounts, total, currency,
                                    accepted, reason)
        VALUES (p_machine, p_transfer, p_tab, p_round, p_step, sptable.raise_amounts(p_tab, p_step,
                p_amount), p_amount, cur,
                why IS NULL, why);
    END IF;
    IF why IS NULL THEN
        INSERT INTO sptable.decisions (tab, round, machine, step, action, multiple, transfer)
        VALUES (p_tab, p_round, p_machine, p_step, p_action, coalesce(p_multiple, 0),
                p_transfer);
    END IF;
    RETURN QUERY SELECT why IS NULL, why, false;
END
$$;

-- What the table owes the terminal: its result rows after round p_after, oldest first (at most
-- 100). The terminal credits each `total` once, by (table, round). Every terminal of a table
-- asks as soon as its round is settled: a result carries its cards, decisions and stakes (schema
-- 4), so each is one index lookup (and a generic plan, made once per session); those of a result
-- from before schema 4 are worked out from the round's rows as before.
DROP FUNCTION IF EXISTS sptable.table_results(text, text, bigint);
CREATE OR REPLACE FUNCTION sptable.table_results(p_machine text, p_tab text, p_after bigint)
RETURNS TABLE (round bigint, kind text, staked bigint, returned bigint[], total bigint,
               verdict text, dealer text, board text, cards text, decisions text,
               stakes bigint[])
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = sptable, pg_temp SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
    -- the caller is the terminal: checked here (every terminal of a table of thousands asks this
    -- each round), caller_terminal says why not
    IF NOT EXISTS (SELECT 1 FROM sptable.terminals t
                    WHERE t.machine = p_machine AND t.role = session_user) THEN
        PERFORM sptable.caller_terminal(p_machine);
    END IF;
    RETURN QUERY
    -- the dealer's hand and the board only as the table shows them: a result written before the
    -- round ends (a player voided at the deal) must not show the dealer's cards to its terminal
    -- while the others still decide
    SELECT x.round, x.kind, x.staked, x.returned, x.total, x.verdict,
           CASE WHEN r.phase = 'settled' THEN r.dealer END,
           CASE WHEN r.board IS NULL OR r.phase = 'settled' THEN r.board
                ELSE array_to_string((string_to_array(r.board, ' '))[1:r.step], ' ') END,
           CASE WHEN x.stakes IS NOT NULL THEN x.cards
                ELSE (SELECT h.cards FROM sptable.hands h
                       WHERE h.tab = x.tab AND h.round = x.round AND h.machine = x.machine) END,
           CASE WHEN x.stakes IS NOT NULL THEN x.decisions
                ELSE (SELECT string_agg(d.step || ':' || d.action || ':' || d.multiple, ' '
                                        ORDER BY d.step)
                        FROM sptable.decisions d
                       WHERE d.tab = x.tab AND d.round = x.round AND d.machine = x.machine) END,
           coalesce(x.stakes,
                    ARRAY(SELECT sum(a.v)::bigint
                            FROM sptable.stakes k, unnest(k.amounts) WITH ORDINALITY a(v, i)
                           WHERE k.tab = x.tab AND k.round = x.round AND k.machine = x.machine
                             AND k.accepted
                           GROUP BY a.i ORDER BY a.i))
      FROM sptable.results x
      JOIN sptable.rounds r ON r.tab = x.tab AND r.round = x.round
     WHERE x.machine = p_machine AND x.tab = p_tab AND x.round > coalesce(p_after, 0)
     ORDER BY x.round
     LIMIT 100;
END
$$;

-- The answer a terminal's stake got (for a terminal that restarted before writing it down):
-- found = false when the table never saw that key.
CREATE OR REPLACE FUNCTION sptable.table_transfer(p_machine text, p_transfer bigint)
RETURNS TABLE (found boolean, tab text, round bigint, step integer, total bigint,
               accepted boolean, reason text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
#variable_conflict use_column
DECLARE
    k sptable.stakes;
BEGIN
    PERFORM sptable.caller_terminal(p_machine);
    SELECT * INTO k FROM sptable.stakes x WHERE x.machine = p_machine AND x.transfer = p_transfer;
    IF NOT FOUND THEN
        RETURN QUERY SELECT false, NULL::text, NULL::bigint, NULL::integer, NULL::bigint,
                            NULL::boolean, NULL::text;
        RETURN;
    END IF;
    RETURN QUERY SELECT true, k.tab, k.round, k.step, k.total, k.accepted, k.reason;
END
$$;

-- The lobby: every table, what it deals, its limits, who sits there, its round and time left,
-- and its JACKPOT: the linked pool's prize in the table's money, rounded down (-1: none).
DROP FUNCTION IF EXISTS sptable.table_lobby();
CREATE OR REPLACE FUNCTION sptable.table_lobby()
RETURNS TABLE (tab text, title text, variant text, limits text, currency text, seated integer,
               round bigint, phase text, left_ms integer, pool_value bigint)
LANGUAGE sql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
    SELECT t.tab, t.title, t.variant, t.limits, t.currency,
           coalesce(r.seated,
                    (SELECT count(*)::integer FROM sptable.seats s WHERE s.tab = t.tab)),
           r.round, coalesce(r.phase, 'none'),
           CASE r.phase WHEN 'betting' THEN sptable.ms_left(r.betting_until)
                        WHEN 'deciding' THEN sptable.ms_left(r.deciding_until) ELSE 0 END,
           CASE WHEN t.pool = '' THEN -1
                ELSE coalesce((SELECT div(n.value::numeric * rt.den,
                                          rt.num * 10000::numeric)::bigint
                                 FROM splink.pools_now n, splink.rate_for(t.currency, n.currency) rt
                                WHERE n.pool = t.pool), -1) END
      FROM sptable.tables t
      LEFT JOIN LATERAL (SELECT * FROM sptable.rounds x WHERE x.tab = t.tab
                          ORDER BY x.round DESC LIMIT 1) r ON true
     WHERE t.config <> ''
     ORDER BY t.tab
$$;

-- ---- who may call what (the host's and the operator's own: their files) ----
REVOKE ALL ON ALL TABLES IN SCHEMA sptable FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA sptable FROM PUBLIC;
GRANT EXECUTE ON FUNCTION
    sptable.table_join(text, text),
    sptable.table_leave(text, text),
    sptable.table_view(text, text),
    sptable.table_stake(text, text, bigint, bigint, bigint[]),
    sptable.table_decide(text, text, bigint, integer, text, integer, bigint, bigint),
    sptable.table_results(text, text, bigint),
    sptable.table_transfer(text, bigint),
    sptable.table_lobby()
    TO splink_terminal;
GRANT EXECUTE ON FUNCTION sptable.table_lobby() TO splink_host, splink_operator;
RESET ROLE;
