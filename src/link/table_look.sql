-- table_look.sql: what a terminal reads on each of its table's notices, in one call (issue 15,
-- schema 5; quicker in schema 6).
--
-- Installed by `studpoker link init` right after table.sql (whose header says what a round and a
-- result are, and whose table_view and table_results this call answers as one), in the same
-- transaction, under the same rules.

SET LOCAL ROLE splink_owner;

-- Schema 5 (issue 15: every terminal of a table of 10,000 has its result within a second of the
-- settlement): what a terminal does on each of the table's notices, read the table and collect its
-- results, is one call: the table as table_view shows it, and the terminal's results after round
-- p_after as table_results gives them (NULL: the view alone, while the terminal holds results it
-- has not recorded yet). One row for each result, each with the view; one row with the view and
-- r_round NULL when there is none. table_view and table_results stay for the terminals of the
-- releases before.
--
-- Where a call's time goes (measured on the bench's 10,000 players: backend CPU, perf, and the
-- instructions of 300 calls under callgrind): the index lookups are a small part; most of it is
-- setting up each statement's plan (generic, made once per session, but set up again in every
-- call: each node, each of its columns' types looked up, each expression made ready), the plpgsql
-- side (each expression made ready again in every transaction, each value moved into a variable)
-- and the call's own answer (its row description). So, schema 5: one call, the caller's check,
-- the table, its newest round and the terminal's result of it in one statement; what a round in
-- play, a linked pool, a round or a result from before schema 4 need besides is asked only for
-- them. A row looked up by its key is in a LATERAL (...OFFSET 0) of its own, so that the generic
-- plan looks it up by the whole key whatever the statistics say (joined as a table, the plan made
-- for a table of one round scanned every round of the table). Schema 6 (the same answer, about a
-- quarter fewer instructions a call on the settlement's notice, 660,000 to 496,000): the results
-- after p_after when p_after is the round before the newest (what every terminal asks on each
-- notice) are at most the terminal's result of the newest round, which the first statement has
-- read: no second statement, and no loop, for them; the subqueries give only the columns used
-- (each column of a plan node is described again in every call); the answer is a row type,
-- look_row, whose description comes from the type cache (a RETURNS TABLE of 32 arguments was
-- described again from the function's catalog row in every call).
DROP FUNCTION IF EXISTS sptable.table_look(text, text, bigint);
-- what it answers: a row type (made again with the function), so that a call takes its
-- description from the type cache instead of building it from the function's 32 arguments
DROP TYPE IF EXISTS sptable.look_row;
CREATE TYPE sptable.look_row AS (round bigint, phase text, step integer, betting_left_ms integer,
               deciding_left_ms integer, up_card text, dealer text, board text,
               players integer, seated integer, config_hash text, my_cards text,
               my_staked bigint, my_decisions text, my_result text, my_total bigint,
               my_returned bigint[], pool_value bigint,
               r_round bigint, r_kind text, r_staked bigint, r_returned bigint[], r_total bigint,
               r_verdict text, r_dealer text, r_board text, r_cards text, r_decisions text,
               r_stakes bigint[]);
CREATE OR REPLACE FUNCTION sptable.table_look(p_machine text, p_tab text, p_after bigint)
RETURNS SETOF sptable.look_row
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = sptable, pg_temp SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
    o sptable.look_row;
    v_pool text;
    v_currency text;
    v_detailed boolean; -- the terminal's result of the newest round carries its details
    v_dealer text;      -- the newest round's dealer and board, as the table shows them
    v_board text;
    v_verdict text;     -- the rest of the terminal's result of it
    v_stakes bigint[];
    v_round bigint;
    v_any boolean := false;
    x record;
BEGIN
    -- the caller is the terminal (no row: it is not, caller_terminal says why), its table's pool,
    -- the newest round as shown and the terminal's result of it
    SELECT t.pool, t.currency, coalesce(r.round, 0), coalesce(r.phase, 'none'),
           coalesce(r.step, 0),
           CASE WHEN r.phase = 'betting' THEN sptable.ms_left(r.betting_until) ELSE 0 END,
           CASE WHEN r.phase = 'deciding' THEN sptable.ms_left(r.deciding_until) ELSE 0 END,
           CASE WHEN r.phase IN ('deciding', 'settled') THEN r.up_card END,
           CASE WHEN r.phase = 'settled' THEN r.dealer END,
           -- Cajun's community cards as they are shown
           CASE WHEN r.board IS NULL OR r.phase = 'settled' THEN r.board
                ELSE array_to_string((string_to_array(r.board, ' '))[1:r.step], ' ') END,
           coalesce(r.players, 0), r.seated, r.config_hash, y.stakes IS NOT NULL, y.cards,
           coalesce(y.staked, 0), y.decisions, y.kind, coalesce(y.total, 0), y.returned, -1,
           -- the terminal's own result of it may be written before the round ends (voided at
           -- the deal): the dealer's hand and board in it only as the table shows them
           CASE WHEN r.phase = 'settled' THEN r.dealer END,
           CASE WHEN r.board IS NULL OR r.phase = 'settled' THEN r.board
                ELSE array_to_string((string_to_array(r.board, ' '))[1:r.step], ' ') END,
           y.verdict, y.stakes
      INTO v_pool, v_currency, o.round, o.phase, o.step, o.betting_left_ms,
           o.deciding_left_ms, o.up_card, o.dealer, o.board, o.players, o.seated, o.config_hash,
           v_detailed, o.my_cards, o.my_staked, o.my_decisions, o.my_result, o.my_total,
           o.my_returned, o.pool_value, v_dealer, v_board, v_verdict, v_stakes
      FROM sptable.terminals m
      LEFT JOIN sptable.tables t ON t.tab = p_tab
      LEFT JOIN LATERAL (SELECT w.round, w.phase, w.step, w.betting_until, w.deciding_until,
                                w.up_card, w.dealer, w.board, w.players, w.seated, w.config_hash
                           FROM sptable.rounds w WHERE w.tab = p_tab
                          ORDER BY w.round DESC LIMIT 1) r ON true
      LEFT JOIN LATERAL (SELECT v.round, v.kind, v.staked, v.returned, v.total, v.verdict,
                                v.cards, v.decisions, v.stakes
                           FROM sptable.results v
                          WHERE v.tab = p_tab AND v.round = r.round AND v.machine = p_machine
                         OFFSET 0) y ON true
     WHERE m.machine = p_machine AND m.role = session_user;
    IF NOT FOUND THEN
        PERFORM sptable.caller_terminal(p_machine);
        RETURN;
    END IF;
    IF NOT v_detailed AND o.round > 0 THEN
        v_round := o.round;
        -- a round in play (or a result from before schema 4): the terminal's part from its rows
        SELECT (SELECT h.cards FROM sptable.hands h
                 WHERE h.tab = p_tab AND h.round = v_round AND h.machine = p_machine),
               (SELECT coalesce(sum(k.total), 0)::bigint FROM sptable.stakes k
                 WHERE k.tab = p_tab AND k.round = v_round AND k.machine = p_machine
                   AND k.accepted),
               (SELECT string_agg(d.step || ':' || d.action || ':' || d.multiple, ' '
                                  ORDER BY d.step)
                  FROM sptable.decisions d
                 WHERE d.tab = p_tab AND d.round = v_round AND d.machine = p_machine)
          INTO o.my_cards, o.my_staked, o.my_decisions;
    END IF;
    IF o.seated IS NULL THEN
        -- a round from before schema 4, or none: the seats counted
        SELECT count(*)::integer INTO o.seated FROM sptable.seats s WHERE s.tab = p_tab;
    END IF;
    IF v_pool <> '' THEN
        -- the table's linked pool, in the table's money, rounded down
        SELECT coalesce(div(n.value::numeric * rt.den, rt.num * 10000::numeric)::bigint, -1)
          INTO o.pool_value
          FROM splink.pools_now n, splink.rate_for(v_currency, n.currency) rt
         WHERE n.pool = v_pool;
        o.pool_value := coalesce(o.pool_value, -1);
    END IF;
    -- The results after p_after are of the rounds up to the newest (each result is of a round of
    -- the table). When p_after is the round before the newest (the terminal holds every result
    -- before it: what it asks on each notice), the one there may be is the terminal's result of
    -- the newest round, read above: no other statement is run for it (on the settlement's notice
    -- every terminal of the table asks this at once). A result from before schema 4 has its
    -- details worked out below.
    IF p_after IS NULL OR p_after >= o.round
       OR (p_after = o.round - 1 AND o.my_result IS NULL) THEN
        RETURN NEXT o;
        RETURN;
    END IF;
    IF p_after = o.round - 1 AND v_detailed THEN
        o.r_round := o.round;
        o.r_kind := o.my_result;
        o.r_staked := o.my_staked;
        o.r_returned := o.my_returned;
        o.r_total := o.my_total;
        o.r_verdict := v_verdict;
        o.r_dealer := v_dealer;
        o.r_board := v_board;
        o.r_cards := o.my_cards;
        o.r_decisions := o.my_decisions;
        o.r_stakes := v_stakes;
        RETURN NEXT o;
        RETURN;
    END IF;
    FOR x IN
        SELECT z.round, z.kind, z.staked, z.returned, z.total, z.verdict,
               CASE WHEN w.phase = 'settled' THEN w.dealer END AS dealer,
               CASE WHEN w.board IS NULL OR w.phase = 'settled' THEN w.board
                    ELSE array_to_string((string_to_array(w.board, ' '))[1:w.step], ' ')
               END AS board,
               z.cards, z.decisions, z.stakes
          FROM sptable.results z
          JOIN LATERAL (SELECT * FROM sptable.rounds u
                         WHERE u.tab = p_tab AND u.round = z.round OFFSET 0) w ON true
         WHERE z.machine = p_machine AND z.tab = p_tab AND z.round > p_after
         ORDER BY z.round
         LIMIT 100
    LOOP
        o.r_round := x.round;
        o.r_kind := x.kind;
        o.r_staked := x.staked;
        o.r_returned := x.returned;
        o.r_total := x.total;
        o.r_verdict := x.verdict;
        o.r_dealer := x.dealer;
        o.r_board := x.board;
        o.r_cards := x.cards;
        o.r_decisions := x.decisions;
        o.r_stakes := x.stakes;
        IF x.stakes IS NULL THEN
            -- a result from before schema 4: its details from the round's rows
            SELECT (SELECT h.cards FROM sptable.hands h
                     WHERE h.tab = p_tab AND h.round = x.round AND h.machine = p_machine),
                   (SELECT string_agg(d.step || ':' || d.action || ':' || d.multiple, ' '
                                      ORDER BY d.step)
                      FROM sptable.decisions d
                     WHERE d.tab = p_tab AND d.round = x.round AND d.machine = p_machine),
                   ARRAY(SELECT sum(a.v)::bigint
                           FROM sptable.stakes k, unnest(k.amounts) WITH ORDINALITY a(v, i)
                          WHERE k.tab = p_tab AND k.round = x.round
                            AND k.machine = p_machine AND k.accepted
                          GROUP BY a.i ORDER BY a.i)
              INTO o.r_cards, o.r_decisions, o.r_stakes;
        END IF;
        v_any := true;
        RETURN NEXT o;
    END LOOP;
    IF NOT v_any THEN
        RETURN NEXT o;
    END IF;
END
$$;

REVOKE ALL ON FUNCTION sptable.table_look(text, text, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION sptable.table_look(text, text, bigint) TO splink_terminal;

-- Schema 7: table_now, what a terminal reads on most notices: the table's newest round as
-- table_look shows it and the terminal's result of that round, for the login reading it (a view
-- a terminal selects from, WHERE tab = ...). On the settlement's notice every terminal of the
-- table reads at once, and what a read costs is mostly not its lookups but what the server does
-- for any statement, for each relation it reads, each column it carries up and each expression
-- it makes ready (measured under callgrind on the bench's 10,000 players, from a terminal's own
-- login: table_look 488,000 instructions a read, this view 266,000, a statement that does nothing
-- 30,000): so no
-- function runs for the caller (the function's own setup, its plpgsql, its statement's plan made
-- ready inside it), three relations are read (the caller by its login, the newest round by its
-- mark, the result by its key), and the timer is worked out once.
--  - Who reads what. The view is its owner's: a terminal may select from it and from nothing it
--    reads. Its rows are the reading login's own (m.role = session_user: no other terminal's
--    result can be among them), and it is a security barrier, so no condition the reader adds
--    is looked at before that one. The dealer's hand and the board are in it only as the table
--    shows them, the same expressions as table_look's (a player voided at the deal has its result
--    while the others still decide).
--  - What it does not carry, the terminal asks table_look for (link_table.c): the results of
--    rounds before the newest, the terminal's own hand, stakes and decisions while its round is
--    dealt and not yet settled (its result carries them from then on), a round from before schema
--    4 (seated NULL, or a result without its details: stakes NULL), and a table with no round yet.
--  - left_ms: the ms left to bet (betting) or to decide (deciding), else 0. pool_value: the
--    table's linked pool in its money, rounded down (-1: none), asked only at a table with a pool
--    (table_pool_value).
CREATE OR REPLACE FUNCTION sptable.table_pool_value(p_tab text) RETURNS bigint
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
DECLARE
    v bigint;
BEGIN
    SELECT div(n.value::numeric * rt.den, rt.num * 10000::numeric)::bigint INTO v
      FROM sptable.tables t, splink.pools_now n, splink.rate_for(t.currency, n.currency) rt
     WHERE t.tab = p_tab AND t.pool <> '' AND n.pool = t.pool;
    RETURN coalesce(v, -1);
END
$$;
REVOKE ALL ON FUNCTION sptable.table_pool_value(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION sptable.table_pool_value(text) TO splink_terminal;

DROP VIEW IF EXISTS sptable.table_now;
CREATE VIEW sptable.table_now WITH (security_barrier) AS
SELECT r.tab, r.round, r.phase, r.step,
       coalesce(greatest(0, ceil(extract(epoch FROM (CASE r.phase
                                                         WHEN 'betting' THEN r.betting_until
                                                         WHEN 'deciding' THEN r.deciding_until
                                                     END - clock_timestamp())) * 1000)),
                0)::integer AS left_ms,
       CASE WHEN r.phase IN ('deciding', 'settled') THEN r.up_card END AS up_card,
       CASE WHEN r.phase = 'settled' THEN r.dealer END AS dealer,
       CASE WHEN r.board IS NULL OR r.phase = 'settled' THEN r.board
            ELSE array_to_string((string_to_array(r.board, ' '))[1:r.step], ' ') END AS board,
       r.players, r.seated, r.config_hash,
       CASE WHEN r.pool = '' THEN -1 ELSE sptable.table_pool_value(r.tab) END AS pool_value,
       y.kind AS my_result, y.staked AS my_staked, y.total AS my_total, y.returned AS my_returned,
       y.verdict AS my_verdict, y.cards AS my_cards, y.decisions AS my_decisions,
       y.stakes AS my_stakes
  FROM sptable.terminals m
  JOIN sptable.rounds r ON r.newest
  -- the result looked up by its whole key whatever the statistics say (joined as a table, the
  -- plan took the terminal's results of every round at the table and kept the newest's)
  LEFT JOIN LATERAL (SELECT v.kind, v.staked, v.total, v.returned, v.verdict, v.cards,
                            v.decisions, v.stakes
                       FROM sptable.results v
                      WHERE v.tab = r.tab AND v.round = r.round AND v.machine = m.machine
                     OFFSET 0) y ON true
 -- the login's own row (the cast to the column's collation: compared as name, the terminal
 -- would be found by reading every terminal)
 WHERE m.role = session_user::text COLLATE "default";
REVOKE ALL ON sptable.table_now FROM PUBLIC;
GRANT SELECT ON sptable.table_now TO splink_terminal;
RESET ROLE;
