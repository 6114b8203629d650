-- table_host.sql: the shared tables' host functions (issue 15): a table's dealer, the
-- `studpoker table-host` process, opens rounds, closes the betting, deals, closes the decisions,
-- settles or cancels.
--
-- Installed by `studpoker link init` right after table.sql and table_look.sql (table.sql's header
-- says what a round, a stake and a result are), in the same transaction, under the same rules.

SET LOCAL ROLE splink_owner;

-- The host's configuration, published at its start (the terminals read it at their next round),
-- and its linked pool ("" none) with the machine name it plays the pool as.
DROP FUNCTION IF EXISTS sptable.host_publish(text, text, text, text, text, integer, integer, text);
CREATE OR REPLACE FUNCTION sptable.host_publish(p_tab text, p_config text, p_title text,
                                                p_variant text, p_limits text,
                                                p_betting_ms integer, p_deciding_ms integer,
                                                p_deal text, p_pool text, p_link_machine text)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
DECLARE
    t sptable.tables;
BEGIN
    t := sptable.caller_host(p_tab);
    -- the pool's calls go through the link machine's own login ([link] of the host's config)
    IF p_pool <> '' AND NOT EXISTS (SELECT 1 FROM splink.machines m
                                     WHERE m.machine = p_link_machine AND m.pool = p_pool) THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('table %s plays pool %s as machine %s, which is not a machine of '
                             'that pool', p_tab, p_pool, p_link_machine),
            HINT = 'an operator adds it with splink.link_machine_add';
    END IF;
    IF t.config IS DISTINCT FROM p_config OR t.betting_ms <> p_betting_ms
       OR t.deciding_ms <> p_deciding_ms OR t.deal <> p_deal OR t.pool <> p_pool
       OR t.link_machine <> p_link_machine THEN
        UPDATE sptable.tables x
           SET config = p_config, title = p_title, variant = p_variant, limits = p_limits,
               betting_ms = p_betting_ms, deciding_ms = p_deciding_ms, deal = p_deal,
               pool = p_pool, link_machine = p_link_machine
         WHERE x.tab = p_tab;
        PERFORM splink.audit_row('table_publish', p_tab, md5(t.config),
                                 md5(p_config) || format(' betting_ms=%s deciding_ms=%s deal=%s '
                                                         'pool=%s', p_betting_ms, p_deciding_ms,
                                                         p_deal, p_pool));
    END IF;
END
$$;

-- The newest round of the host's table (the host's start reads where it stopped).
CREATE OR REPLACE FUNCTION sptable.host_round(p_tab text)
RETURNS TABLE (round bigint, phase text, step integer, betting_left_ms integer,
               deciding_left_ms integer, config_hash text, deck text, age_ms bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
#variable_conflict use_column
BEGIN
    PERFORM sptable.caller_host(p_tab);
    RETURN QUERY
    SELECT r.round, r.phase, r.step, sptable.ms_left(r.betting_until),
           sptable.ms_left(r.deciding_until), r.config_hash, r.deck,
           (extract(epoch FROM (clock_timestamp()
                                - coalesce(r.deciding_until, r.betting_until))) * 1000)::bigint
      FROM sptable.rounds r WHERE r.tab = p_tab ORDER BY r.round DESC LIMIT 1;
END
$$;

-- A new round, taking bets for betting_ms from now; refused while the last one is unfinished.
CREATE OR REPLACE FUNCTION sptable.host_open(p_tab text, p_config_hash text)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
DECLARE
    t sptable.tables;
    last sptable.rounds;
    n bigint := 1;
BEGIN
    t := sptable.caller_host(p_tab);
    SELECT * INTO last FROM sptable.rounds x WHERE x.tab = p_tab ORDER BY x.round DESC LIMIT 1
       FOR UPDATE;
    IF FOUND THEN
        IF last.phase NOT IN ('settled', 'cancelled') THEN
            RAISE EXCEPTION USING ERRCODE = 'SP001',
                MESSAGE = format('round %s of table %s is not finished (%s)', last.round, p_tab,
                                 last.phase);
        END IF;
        n := last.round + 1;
    END IF;
    -- a terminal killed or cut off never left: its seat goes once its session is gone (a
    -- terminal that comes back sits down again), so the lobby counts the players who are there
    DELETE FROM sptable.seats s WHERE s.tab = p_tab AND NOT sptable.present(s.machine, s.tab);
    -- the newest round (schema 7: what the terminals read, table_now) is the one opened now
    UPDATE sptable.rounds x SET newest = false WHERE x.tab = p_tab AND x.newest;
    INSERT INTO sptable.rounds (tab, round, phase, config_hash, betting_until, seated, newest,
                                pool)
    VALUES (p_tab, n, 'betting', p_config_hash,
            clock_timestamp() + make_interval(secs => t.betting_ms / 1000.0),
            (SELECT count(*) FROM sptable.seats s WHERE s.tab = p_tab), true, t.pool);
    PERFORM sptable.notify_table(p_tab, n, 'betting', 0);
    RETURN n;
END
$$;

-- Betting closes: refused before betting_until. Nothing is counted into the round after this
-- (the round's lock, taken alone). Returns each player's accepted bets as sent ("-1:{amounts}"
-- each: the host sums them per wager, as host_players' stakes) and whether the terminal is still
-- at the table (its session holds its presence lock), in the order of their first bets. The
-- terminals seated are counted again (those who sat down while it took bets). Schema 4: it gave
-- the bets summed.
DROP FUNCTION IF EXISTS sptable.host_close_betting(text, bigint);
CREATE OR REPLACE FUNCTION sptable.host_close_betting(p_tab text, p_round bigint)
RETURNS TABLE (machine text, stakes text, present boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
#variable_conflict use_column
DECLARE
    r sptable.rounds;
BEGIN
    PERFORM sptable.caller_host(p_tab);
    PERFORM pg_advisory_xact_lock(sptable.round_key(p_tab), p_round::integer);
    SELECT * INTO r FROM sptable.rounds x WHERE x.tab = p_tab AND x.round = p_round FOR UPDATE;
    IF NOT FOUND OR r.phase NOT IN ('betting', 'closed') THEN
        RAISE EXCEPTION USING ERRCODE = 'SP001',
            MESSAGE = format('round %s of table %s is not taking bets', p_round, p_tab);
    END IF;
    IF r.phase = 'betting' THEN
        IF clock_timestamp() < r.betting_until THEN
            RAISE EXCEPTION USING ERRCODE = 'SP001',
                MESSAGE = format('round %s of table %s takes bets for %s ms more', p_round, p_tab,
                                 sptable.ms_left(r.betting_until));
        END IF;
        UPDATE sptable.rounds x
           SET phase = 'closed',
               seated = (SELECT count(*) FROM sptable.seats s WHERE s.tab = p_tab)
         WHERE x.tab = p_tab AND x.round = p_round;
    END IF;
    RETURN QUERY
    SELECT k.machine, k.stakes, sptable.present(k.machine, p_tab)
      FROM (SELECT y.machine, min(y.at) AS first_at,
                   string_agg('-1:' || y.amounts::text, ' ' ORDER BY y.transfer) AS stakes
              FROM sptable.stakes y
             WHERE y.tab = p_tab AND y.round = p_round AND y.step = -1 AND y.accepted
             GROUP BY y.machine) k
     ORDER BY k.first_at, k.machine;
END
$$;

-- The deal, after betting closed: the round's deck, the dealer's cards (Caribbean, Asian) or the
-- board (Cajun), each player's cards and replay deck, in seat order; and a void result (every
-- stake back) for each player voided at the close, with the reason. Decisions open for
-- deciding_ms.
CREATE OR REPLACE FUNCTION sptable.host_deal(p_tab text, p_round bigint, p_deck text,
                                             p_dealer text, p_up text, p_board text,
                                             p_machines text[], p_cards text[], p_decks text[],
                                             p_void text[], p_void_staked bigint[],
                                             p_void_reasons text[], p_wagers integer)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp
SET enable_nestloop = off AS $$
DECLARE
    t sptable.tables;
    r sptable.rounds;
BEGIN
    t := sptable.caller_host(p_tab);
    SELECT * INTO r FROM sptable.rounds x WHERE x.tab = p_tab AND x.round = p_round FOR UPDATE;
    IF NOT FOUND OR r.phase <> 'closed' THEN
        RAISE EXCEPTION USING ERRCODE = 'SP001',
            MESSAGE = format('round %s of table %s is not waiting for its deal', p_round, p_tab);
    END IF;
    -- set-based: a table of thousands deals in one statement
    INSERT INTO sptable.hands (tab, round, machine, seat, cards, deck)
    SELECT p_tab, p_round, x.m, x.i, x.c, x.d
      FROM unnest(p_machines, p_cards, p_decks) WITH ORDINALITY AS x(m, c, d, i);
    INSERT INTO sptable.results (tab, round, machine, kind, staked, returned, total, verdict,
                                 cards, decisions, stakes)
    SELECT p_tab, p_round, x.m, 'void', x.s, array_fill(0::bigint, ARRAY[p_wagers]), x.s, x.why,
           NULL, NULL, coalesce(k.amounts, '{}')
      FROM unnest(p_void, p_void_staked, p_void_reasons) AS x(m, s, why)
      LEFT JOIN (SELECT * FROM sptable.stake_sums y WHERE y.tab = p_tab AND y.round = p_round) k
             ON k.machine = x.m;
    UPDATE sptable.rounds x
       SET phase = 'deciding', step = 0, deck = p_deck, dealer = p_dealer, up_card = p_up,
           board = p_board, players = coalesce(cardinality(p_machines), 0),
           deciding_until = clock_timestamp() + make_interval(secs => t.deciding_ms / 1000.0)
     WHERE x.tab = p_tab AND x.round = p_round;
    PERFORM sptable.notify_table(p_tab, p_round, 'deciding', 0);
END
$$;

-- The terminals seated at the table now, counted into its newest round (the host does so every
-- second or so, and at the round's opening and close: the views and the lobby show that count).
CREATE OR REPLACE FUNCTION sptable.host_seated(p_tab text) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
DECLARE
    n integer;
BEGIN
    PERFORM sptable.caller_host(p_tab);
    SELECT count(*) INTO n FROM sptable.seats s WHERE s.tab = p_tab;
    UPDATE sptable.rounds x SET seated = n
     WHERE x.tab = p_tab AND x.seated IS DISTINCT FROM n
       AND x.round = (SELECT max(y.round) FROM sptable.rounds y WHERE y.tab = p_tab);
    RETURN n;
END
$$;

-- The players still in who have not decided the step in play: every player dealt (the round's
-- count of hands, written with them by the deal) but those with a decision at this step or a
-- fold at an earlier one. Counted, never as a join: a table of thousands asks this every 200 ms,
-- and an anti-join planned on statistics that do not know the round yet (a fresh table, a new
-- round) compares every hand with every decision. Every decision has a hand (table_decide
-- refuses a player without one, the auto-fold folds only the dealt). (Schema 7: the hands were
-- counted again each time.)
CREATE OR REPLACE FUNCTION sptable.undecided(p_tab text, p_round bigint, p_step integer)
RETURNS integer
LANGUAGE sql STABLE SET search_path = sptable, pg_temp AS $$
    SELECT ((SELECT x.players FROM sptable.rounds x WHERE x.tab = p_tab AND x.round = p_round)
            - (SELECT count(DISTINCT d.machine) FROM sptable.decisions d
                WHERE d.tab = p_tab AND d.round = p_round
                  AND (d.step = p_step OR d.action <> 'play')))::integer
$$;

-- Where the step in play stands: how many players still in have not decided it, and the ms left.
CREATE OR REPLACE FUNCTION sptable.host_step(p_tab text, p_round bigint)
RETURNS TABLE (step integer, waiting integer, left_ms integer)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
#variable_conflict use_column
DECLARE
    r sptable.rounds;
BEGIN
    PERFORM sptable.caller_host(p_tab);
    SELECT * INTO r FROM sptable.rounds x WHERE x.tab = p_tab AND x.round = p_round;
    RETURN QUERY
    SELECT r.step, sptable.undecided(p_tab, p_round, r.step), sptable.ms_left(r.deciding_until);
END
$$;

-- A step's decisions close: refused before deciding_until unless every player still in has
-- decided. Players still in who did not decide are folded (auto_fold). Then the next step opens
-- (p_next: Cajun's steps 1 and 2, its community card shown) or the round waits for its
-- settlement. Returns how many players played this step (none: nobody is left to decide the
-- next). (Schema 4: it returned every decision of the round, thousands of rows the host only
-- looked through for that.)
DROP FUNCTION IF EXISTS sptable.host_close_step(text, bigint, integer, boolean);
CREATE OR REPLACE FUNCTION sptable.host_close_step(p_tab text, p_round bigint, p_step integer,
                                                   p_next boolean)
RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
DECLARE
    t sptable.tables;
    r sptable.rounds;
    waiting integer;
    playing integer;
BEGIN
    t := sptable.caller_host(p_tab);
    PERFORM pg_advisory_xact_lock(sptable.round_key(p_tab), p_round::integer);
    SELECT * INTO r FROM sptable.rounds x WHERE x.tab = p_tab AND x.round = p_round FOR UPDATE;
    IF NOT FOUND OR r.phase <> 'deciding' OR r.step <> p_step THEN
        RAISE EXCEPTION USING ERRCODE = 'SP001',
            MESSAGE = format('round %s of table %s is not deciding step %s', p_round, p_tab,
                             p_step);
    END IF;
    -- those still to decide (undecided's count) and those who played this step, in one pass
    -- over the round's decisions (the auto-fold below adds no play)
    SELECT r.players - count(DISTINCT d.machine) FILTER (WHERE d.step = p_step
                                                           OR d.action <> 'play'),
           count(*) FILTER (WHERE d.step = p_step AND d.action = 'play')
      INTO waiting, playing
      FROM sptable.decisions d
     WHERE d.tab = p_tab AND d.round = p_round;
    IF waiting > 0 AND clock_timestamp() < r.deciding_until THEN
        RAISE EXCEPTION USING ERRCODE = 'SP001',
            MESSAGE = format('step %s of round %s: %s players have %s ms more', p_step, p_round,
                             waiting, sptable.ms_left(r.deciding_until));
    END IF;
    -- the players still in who did not decide: a set difference (hashed or sorted, never a
    -- hand against every decision, whatever the statistics say); none when all decided (counted
    -- above: a table of thousands whose players all decided reads its hands once, not twice)
    IF waiting > 0 THEN
        INSERT INTO sptable.decisions (tab, round, machine, step, action)
        SELECT p_tab, p_round, u.machine, p_step, 'auto_fold'
          FROM (SELECT h.machine FROM sptable.hands h WHERE h.tab = p_tab AND h.round = p_round
                EXCEPT
                SELECT d.machine FROM sptable.decisions d
                 WHERE d.tab = p_tab AND d.round = p_round
                   AND (d.step = p_step OR d.action <> 'play')) u;
    END IF;
    IF p_next THEN
        UPDATE sptable.rounds x
           SET step = p_step + 1,
               deciding_until = clock_timestamp() + make_interval(secs => t.deciding_ms / 1000.0)
         WHERE x.tab = p_tab AND x.round = p_round;
        PERFORM sptable.notify_table(p_tab, p_round, 'deciding', p_step + 1);
    ELSE
        UPDATE sptable.rounds x SET step = p_step + 1 WHERE x.tab = p_tab AND x.round = p_round;
    END IF;
    RETURN playing;
END
$$;

-- The players dealt in a round, for the settlement (and for a host that starts again in the
-- middle of a round, and an audit): each player's accepted stakes as sent ("step:{amounts}",
-- step -1 the bets before the deal, in the order the table took them: the host sums them per
-- wager), the deck their round replays, and their decisions ("step:action:multiple:amount").
-- Set-based, joined by hashing (never a player looked up in the round's rows one by one, nor,
-- planned on statistics that do not know the round yet, every player compared with every
-- other); the sums per wager are the host's (32 sums of every stake on the server cost more than
-- the rest of the reading). Schema 4: it gave the bets summed, the stakes before the deal and in
-- raises.
DROP FUNCTION IF EXISTS sptable.host_players(text, bigint);
CREATE OR REPLACE FUNCTION sptable.host_players(p_tab text, p_round bigint)
RETURNS TABLE (machine text, stakes text, deck text, decisions text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp
SET enable_nestloop = off AS $$
#variable_conflict use_column
BEGIN
    IF NOT splink.is_operator() THEN
        PERFORM sptable.caller_host(p_tab);
    END IF;
    RETURN QUERY
    SELECT h.machine, k.stakes, h.deck, d.decisions
      FROM sptable.hands h
      LEFT JOIN (SELECT y.machine,
                        string_agg(y.step || ':' || y.amounts::text, ' ' ORDER BY y.transfer)
                            AS stakes
                   FROM sptable.stakes y
                  WHERE y.tab = p_tab AND y.round = p_round AND y.accepted
                  GROUP BY y.machine) k ON k.machine = h.machine
      LEFT JOIN (SELECT e.machine,
                        string_agg(e.step || ':' || e.action || ':' || e.multiple || ':'
                                   || coalesce(s.total, 0), ' ' ORDER BY e.step) AS decisions
                   FROM sptable.decisions e
                   -- a raise's stake is of the decision's round (table_decide records both)
                   LEFT JOIN sptable.stakes s ON s.machine = e.machine AND s.transfer = e.transfer
                                             AND s.tab = p_tab AND s.round = p_round
                  WHERE e.tab = p_tab AND e.round = p_round
                  GROUP BY e.machine) d ON d.machine = h.machine
     WHERE h.tab = p_tab AND h.round = p_round
     ORDER BY h.seat;
END
$$;

-- The decisions of a round whose steps are all closed (schema 6), for the host that closed its
-- betting and dealt it: each player's decisions with their raises, "step:action:multiple:amount:
-- {amounts}" in step order (a fold's amount 0 and its amounts {}), by machine. The rest of what
-- the settlement replays is what that host read when betting closed (each player's bets: nothing
-- is counted into the round after) and wrote when it dealt (the players and their decks): it
-- reads only what came after, 10,000 short rows instead of host_players' 2.5 MB of a table of
-- 10,000 (each player's deck and every stake again). A host that starts again in the middle of a
-- round, and the audit, read host_players. Every raise a decision has is accepted (table_decide
-- records the decision only then), and every raise accepted has its decision.
CREATE OR REPLACE FUNCTION sptable.host_decisions(p_tab text, p_round bigint)
RETURNS TABLE (machine text, decisions text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp
SET enable_nestloop = off AS $$
#variable_conflict use_column
BEGIN
    PERFORM sptable.caller_host(p_tab);
    RETURN QUERY
    SELECT e.machine,
           string_agg(e.step || ':' || e.action || ':' || e.multiple || ':'
                      || coalesce(s.total, 0) || ':' || coalesce(s.amounts::text, '{}'), ' '
                      ORDER BY e.step)
      FROM sptable.decisions e
      LEFT JOIN sptable.stakes s ON s.machine = e.machine AND s.transfer = e.transfer
                                AND s.tab = p_tab AND s.round = p_round
     WHERE e.tab = p_tab AND e.round = p_round
     GROUP BY e.machine;
END
$$;

-- Schema 7: the decisions of the players named (p_machines), as host_decisions gives them, each
-- with its place in p_machines (i, from 1); those with none yet are left out. The host that dealt
-- a round reads them as they come, while the last step is open (a player's decisions are all in
-- once it decided that step or folded: they never change after), settles those players through
-- the engine then, and after the close reads only the players it did not have: what the
-- settlement waits for after the close of a table of 10,000 is a few hundred players' decisions,
-- not every one's. Each player is looked up by its key (a few at the close: no scan of the
-- round's rows).
CREATE OR REPLACE FUNCTION sptable.host_decisions_of(p_tab text, p_round bigint,
                                                     p_machines text[])
RETURNS TABLE (i integer, machine text, decisions text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
#variable_conflict use_column
BEGIN
    PERFORM sptable.caller_host(p_tab);
    RETURN QUERY
    SELECT w.i::integer, w.m, d.decisions
      FROM unnest(p_machines) WITH ORDINALITY AS w(m, i)
     CROSS JOIN LATERAL (
         SELECT string_agg(e.step || ':' || e.action || ':' || e.multiple || ':'
                           || coalesce(s.total, 0) || ':' || coalesce(s.amounts::text, '{}'),
                           ' ' ORDER BY e.step) AS decisions
           FROM sptable.decisions e
           -- a raise's stake is of the decision's round (table_decide records both)
           LEFT JOIN LATERAL (SELECT k.total, k.amounts FROM sptable.stakes k
                               WHERE k.machine = e.machine AND k.transfer = e.transfer
                                 AND k.tab = p_tab AND k.round = p_round
                              OFFSET 0) s ON true
          WHERE e.tab = p_tab AND e.round = p_round AND e.machine = w.m) d
     WHERE d.decisions IS NOT NULL;
END
$$;

-- What each player of a round collects with the result, from the round's rows: their cards
-- (none if not dealt), decisions ("step:action:multiple") and accepted stakes summed per wager,
-- with the total staked. Every player with an accepted stake in the round.
CREATE OR REPLACE FUNCTION sptable.round_details(p_tab text, p_round bigint)
RETURNS TABLE (machine text, cards text, decisions text, stakes bigint[], total bigint)
LANGUAGE sql STABLE AS $$
    SELECT k.machine, h.cards, d.decisions, k.amounts, coalesce(k.bets_total, 0) + k.raised
      FROM sptable.stake_sums k
      LEFT JOIN sptable.hands h ON h.tab = p_tab AND h.round = p_round AND h.machine = k.machine
      LEFT JOIN (SELECT e.machine,
                        string_agg(e.step || ':' || e.action || ':' || e.multiple, ' '
                                   ORDER BY e.step) AS decisions
                   FROM sptable.decisions e
                  WHERE e.tab = p_tab AND e.round = p_round
                  GROUP BY e.machine) d ON d.machine = k.machine
     WHERE k.tab = p_tab AND k.round = p_round
$$;

-- A settlement's result that cannot be written (host_settle): the player was not dealt in the
-- round, or the stakes it gives are not what the table accepted from the player.
CREATE OR REPLACE FUNCTION sptable.refuse_settled(p_tab text, p_round bigint, p_machine text,
                                                  p_staked bigint, p_accepted bigint,
                                                  p_dealt boolean)
RETURNS bigint
LANGUAGE plpgsql VOLATILE SET search_path = sptable, pg_temp AS $$
BEGIN
    IF NOT p_dealt THEN
        RAISE EXCEPTION USING ERRCODE = 'SP001',
            MESSAGE = format('round %s of table %s: terminal %s was not dealt', p_round, p_tab,
                             p_machine);
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'SP001',
        MESSAGE = format('terminal %s staked %s in round %s, not %s', p_machine,
                         coalesce(p_accepted, 0), p_round, p_staked);
END
$$;

-- The settlement: one result per player dealt (what the round engine gave for each: the stakes,
-- what each wager returns, the total, a line for the history, with what the terminal collects
-- with it: the decisions "step:action:multiple" and the stakes per wager, as the host read them
-- from the round's rows (the audit checks them against the rows), the cards from the hands), in
-- one transaction. Schema 4: it took no decisions nor stakes.
DROP FUNCTION IF EXISTS sptable.host_settle(text, bigint, text[], bigint[], bigint[], integer,
                                            bigint[], text[]);
CREATE OR REPLACE FUNCTION sptable.host_settle(p_tab text, p_round bigint, p_machines text[],
                                               p_staked bigint[], p_returned bigint[],
                                               p_wagers integer, p_totals bigint[],
                                               p_verdicts text[], p_decisions text[],
                                               p_stakes bigint[])
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp
SET enable_nestloop = off AS $$
DECLARE
    r sptable.rounds;
    n integer := coalesce(cardinality(p_machines), 0);
    written integer;
BEGIN
    PERFORM sptable.caller_host(p_tab);
    SELECT * INTO r FROM sptable.rounds x WHERE x.tab = p_tab AND x.round = p_round FOR UPDATE;
    IF NOT FOUND OR r.phase <> 'deciding' THEN
        RAISE EXCEPTION USING ERRCODE = 'SP001',
            MESSAGE = format('round %s of table %s is not waiting for its settlement', p_round,
                             p_tab);
    END IF;
    IF cardinality(p_returned) <> n * p_wagers OR cardinality(p_stakes) <> n * p_wagers
       OR cardinality(p_decisions) <> n THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('a settlement of %s players gives %s wagers each, and decisions',
                             n, p_wagers);
    END IF;
    -- each result checked as it is written, in the one pass over the players that writes them:
    -- the player was dealt in this round and staked what the table accepted from them
    -- (refuse_settled says which is not so); then there are as many as the hands dealt, so every
    -- player dealt has one (with the void ones of the deal, every player who staked)
    INSERT INTO sptable.results (tab, round, machine, kind, staked, returned, total, verdict,
                                 cards, decisions, stakes)
    SELECT p_tab, p_round, x.m, 'settled',
           CASE WHEN h.cards IS NOT NULL AND x.s = k.total THEN x.s
                ELSE sptable.refuse_settled(p_tab, p_round, x.m, x.s, k.total, h.cards IS NOT NULL)
           END,
           p_returned[(x.i - 1) * p_wagers + 1 : x.i * p_wagers], x.t, x.v,
           h.cards, nullif(x.d, ''), p_stakes[(x.i - 1) * p_wagers + 1 : x.i * p_wagers]
      FROM unnest(p_machines, p_staked, p_totals, p_verdicts, p_decisions) WITH ORDINALITY
               AS x(m, s, t, v, d, i)
      LEFT JOIN (SELECT y.machine, y.cards FROM sptable.hands y
                  WHERE y.tab = p_tab AND y.round = p_round) h ON h.machine = x.m
      LEFT JOIN (SELECT y.machine, sum(y.total)::bigint AS total FROM sptable.stakes y
                  WHERE y.tab = p_tab AND y.round = p_round AND y.accepted
                  GROUP BY y.machine) k ON k.machine = x.m;
    GET DIAGNOSTICS written = ROW_COUNT;
    IF written <> r.players THEN
        RAISE EXCEPTION USING ERRCODE = 'SP001',
            MESSAGE = format('round %s of table %s: %s players dealt, %s settled', p_round, p_tab,
                             r.players, written);
    END IF;
    UPDATE sptable.rounds x SET phase = 'settled', finished_at = clock_timestamp()
     WHERE x.tab = p_tab AND x.round = p_round;
    PERFORM sptable.notify_table(p_tab, p_round, 'settled', r.step);
END
$$;

-- The round cannot be finished: every accepted stake of every player without a result goes back
-- (001: "the game round will be cancelled, and initial bets will be refunded").
CREATE OR REPLACE FUNCTION sptable.host_cancel(p_tab text, p_round bigint, p_reason text,
                                               p_wagers integer)
RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp
SET enable_nestloop = off AS $$
DECLARE
    r sptable.rounds;
    n integer;
BEGIN
    PERFORM sptable.caller_host(p_tab);
    PERFORM pg_advisory_xact_lock(sptable.round_key(p_tab), p_round::integer);
    SELECT * INTO r FROM sptable.rounds x WHERE x.tab = p_tab AND x.round = p_round FOR UPDATE;
    IF NOT FOUND OR r.phase IN ('settled', 'cancelled') THEN
        RAISE EXCEPTION USING ERRCODE = 'SP001',
            MESSAGE = format('round %s of table %s is finished', p_round, p_tab);
    END IF;
    INSERT INTO sptable.results (tab, round, machine, kind, staked, returned, total, verdict,
                                 cards, decisions, stakes)
    SELECT p_tab, p_round, dt.machine, 'cancelled', dt.total,
           array_fill(0::bigint, ARRAY[p_wagers]), dt.total, p_reason,
           dt.cards, dt.decisions, dt.stakes
      FROM sptable.round_details(p_tab, p_round) dt
     WHERE NOT EXISTS (SELECT 1 FROM sptable.results x WHERE x.tab = p_tab
                          AND x.round = p_round AND x.machine = dt.machine);
    GET DIAGNOSTICS n = ROW_COUNT;
    UPDATE sptable.rounds x
       SET phase = 'cancelled', cancel_reason = p_reason, finished_at = clock_timestamp()
     WHERE x.tab = p_tab AND x.round = p_round;
    PERFORM sptable.notify_table(p_tab, p_round, 'cancelled', r.step);
    RETURN n;
END
$$;

-- ---- who may call what ----
REVOKE ALL ON ALL TABLES IN SCHEMA sptable FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA sptable FROM PUBLIC;
GRANT EXECUTE ON FUNCTION
    sptable.host_publish(text, text, text, text, text, integer, integer, text, text, text),
    sptable.host_round(text),
    sptable.host_open(text, text),
    sptable.host_close_betting(text, bigint),
    sptable.host_deal(text, bigint, text, text, text, text, text[], text[], text[], text[],
                      bigint[], text[], integer),
    sptable.host_seated(text),
    sptable.host_step(text, bigint),
    sptable.host_players(text, bigint),
    sptable.host_decisions(text, bigint),
    sptable.host_decisions_of(text, bigint, text[]),
    sptable.host_close_step(text, bigint, integer, boolean),
    sptable.host_settle(text, bigint, text[], bigint[], bigint[], integer, bigint[], text[],
                        text[], bigint[]),
    sptable.host_cancel(text, bigint, text, integer)
    TO splink_host;
-- an audit reads a round's players as the settlement did
GRANT EXECUTE ON FUNCTION sptable.host_players(text, bigint) TO splink_operator;
RESET ROLE;
