-- table_look.sql: what a terminal reads on each of its table's notices, in one call (issue 15,
-- schema 5).
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
-- r_round NULL when there is none. Measured on the bench's 10,000 players (pg_stat_user_functions,
-- perf on the backends): the statements' index lookups are a small part of a call; most of it is
-- starting and ending each statement's plan (generic, made once per session, but set up again in
-- every call: a node per table and per subquery, even one never run), the plpgsql expressions
-- (made ready again in every transaction) and the call itself with its check of who calls. So:
-- one call, the caller's check, the table, its newest round and the terminal's result of it in
-- one statement, the results in a second; what a round in play, a linked pool, a round or a result
-- from before schema 4 need besides is asked only for them. A row looked up by its key is in a
-- LATERAL (...OFFSET 0) of its own, so that the generic plan looks it up by the whole key whatever
-- the statistics say (joined as a table, the plan made for a table of one round scanned every
-- round of the table). table_view and table_results stay for the terminals of the releases before.
DROP FUNCTION IF EXISTS sptable.table_look(text, text, bigint);
CREATE OR REPLACE FUNCTION sptable.table_look(p_machine text, p_tab text, p_after bigint)
RETURNS TABLE (round bigint, phase text, step integer, betting_left_ms integer,
               deciding_left_ms integer, up_card text, dealer text, board text,
               players integer, seated integer, config_hash text, my_cards text,
               my_staked bigint, my_decisions text, my_result text, my_total bigint,
               my_returned bigint[], pool_value bigint,
               r_round bigint, r_kind text, r_staked bigint, r_returned bigint[], r_total bigint,
               r_verdict text, r_dealer text, r_board text, r_cards text, r_decisions text,
               r_stakes bigint[])
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = sptable, pg_temp SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
    v_pool text;
    v_currency text;
    v_detailed boolean; -- the terminal's result of the newest round carries its details
    v_board text;       -- the newest round's board, as dealt
    v_round bigint;
    v_any boolean := false;
    x record;
BEGIN
    -- the caller is the terminal (no row: it is not, caller_terminal says why), its table's pool,
    -- the newest round and the terminal's result of it
    SELECT t.pool, t.currency, r.round, r.phase, r.step,
           CASE WHEN r.phase = 'betting' THEN sptable.ms_left(r.betting_until) ELSE 0 END,
           CASE WHEN r.phase = 'deciding' THEN sptable.ms_left(r.deciding_until) ELSE 0 END,
           CASE WHEN r.phase IN ('deciding', 'settled') THEN r.up_card END,
           CASE WHEN r.phase = 'settled' THEN r.dealer END,
           r.board, r.players, r.seated, r.config_hash, y.stakes IS NOT NULL, y.cards, y.staked,
           y.decisions, y.kind, coalesce(y.total, 0), y.returned
      INTO v_pool, v_currency, round, phase, step, betting_left_ms, deciding_left_ms, up_card,
           dealer, v_board, players, seated, config_hash, v_detailed, my_cards, my_staked,
           my_decisions, my_result, my_total, my_returned
      FROM sptable.terminals m
      LEFT JOIN sptable.tables t ON t.tab = p_tab
      LEFT JOIN LATERAL (SELECT * FROM sptable.rounds w WHERE w.tab = p_tab
                          ORDER BY w.round DESC LIMIT 1) r ON true
      LEFT JOIN LATERAL (SELECT * FROM sptable.results v
                          WHERE v.tab = p_tab AND v.round = r.round AND v.machine = p_machine
                         OFFSET 0) y ON true
     WHERE m.machine = p_machine AND m.role = session_user;
    IF NOT FOUND THEN
        PERFORM sptable.caller_terminal(p_machine);
        RETURN;
    END IF;
    IF round IS NULL THEN
        -- no round yet
        round := 0;
        phase := 'none';
        step := 0;
        my_staked := 0;
    ELSIF NOT v_detailed THEN
        v_round := round;
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
          INTO my_cards, my_staked, my_decisions;
    END IF;
    -- Cajun's community cards as they are shown
    board := CASE WHEN v_board IS NULL THEN NULL
                  WHEN phase = 'settled' THEN v_board
                  ELSE array_to_string((string_to_array(v_board, ' '))[1:step], ' ') END;
    round := coalesce(round, 0);
    players := coalesce(players, 0);
    betting_left_ms := coalesce(betting_left_ms, 0);
    deciding_left_ms := coalesce(deciding_left_ms, 0);
    IF seated IS NULL THEN
        -- a round from before schema 4, or none: the seats counted
        SELECT count(*)::integer INTO seated FROM sptable.seats s WHERE s.tab = p_tab;
    END IF;
    pool_value := -1;
    IF v_pool <> '' THEN
        -- the table's linked pool, in the table's money, rounded down
        SELECT coalesce(div(n.value::numeric * rt.den, rt.num * 10000::numeric)::bigint, -1)
          INTO pool_value
          FROM splink.pools_now n, splink.rate_for(v_currency, n.currency) rt
         WHERE n.pool = v_pool;
        pool_value := coalesce(pool_value, -1);
    END IF;
    IF p_after IS NOT NULL THEN
        FOR x IN
            SELECT z.round, z.kind, z.staked, z.returned, z.total, z.verdict, w.dealer, w.board,
                   z.cards, z.decisions, z.stakes
              FROM sptable.results z
              JOIN LATERAL (SELECT * FROM sptable.rounds u
                             WHERE u.tab = p_tab AND u.round = z.round OFFSET 0) w ON true
             WHERE z.machine = p_machine AND z.tab = p_tab AND z.round > p_after
             ORDER BY z.round
             LIMIT 100
        LOOP
            r_round := x.round;
            r_kind := x.kind;
            r_staked := x.staked;
            r_returned := x.returned;
            r_total := x.total;
            r_verdict := x.verdict;
            r_dealer := x.dealer;
            r_board := x.board;
            r_cards := x.cards;
            r_decisions := x.decisions;
            r_stakes := x.stakes;
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
                  INTO r_cards, r_decisions, r_stakes;
            END IF;
            v_any := true;
            RETURN NEXT;
        END LOOP;
    END IF;
    IF NOT v_any THEN
        RETURN NEXT;
    END IF;
END
$$;

REVOKE ALL ON FUNCTION sptable.table_look(text, text, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION sptable.table_look(text, text, bigint) TO splink_terminal;
RESET ROLE;
