-- table_operator.sql: the shared tables' operator functions (issue 15): the audits of a
-- table's rounds and money, and adding tables and terminals with their own logins; and the
-- checks that every hand and result names a round that is there (schema 7, table.sql says why).
--
-- Installed by `studpoker link init` right after table_host.sql, in the same transaction, under
-- table.sql's rules.

SET LOCAL ROLE splink_owner;

-- The rounds named by the rows a statement wrote into hands or results (new_rows) are rounds of
-- their tables: one look at each round named (a settlement names one), not one per row.
CREATE OR REPLACE FUNCTION sptable.rows_name_rounds() RETURNS trigger
LANGUAGE plpgsql SET search_path = sptable, pg_temp AS $$
DECLARE
    k record;
BEGIN
    SELECT n.tab, n.round INTO k
      FROM (SELECT DISTINCT w.tab, w.round FROM new_rows w) n
     WHERE NOT EXISTS (SELECT 1 FROM sptable.rounds r WHERE r.tab = n.tab AND r.round = n.round)
     LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION USING ERRCODE = '23503',
            MESSAGE = format('%s of round %s of table %s: there is no such round', TG_TABLE_NAME,
                             k.round, k.tab);
    END IF;
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION sptable.refuse_round_change() RETURNS trigger
LANGUAGE plpgsql SET search_path = sptable, pg_temp AS $$
BEGIN
    RAISE EXCEPTION USING ERRCODE = 'SP003',
        MESSAGE = 'a round is never removed nor renumbered: its hands and results name it';
END
$$;

DO $rounds$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['hands', 'results'] LOOP
        IF NOT EXISTS (SELECT 1 FROM pg_trigger
                       WHERE tgname = t || '_name_rounds'
                         AND tgrelid = format('sptable.%I', t)::regclass) THEN
            EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON sptable.%I '
                           'REFERENCING NEW TABLE AS new_rows '
                           'FOR EACH STATEMENT EXECUTE FUNCTION sptable.rows_name_rounds()',
                           t || '_name_rounds', t);
        END IF;
    END LOOP;
    IF NOT EXISTS (SELECT 1 FROM pg_trigger
                   WHERE tgname = 'rounds_kept' AND tgrelid = 'sptable.rounds'::regclass) THEN
        CREATE TRIGGER rounds_kept BEFORE DELETE OR UPDATE OF tab, round ON sptable.rounds
            FOR EACH ROW EXECUTE FUNCTION sptable.refuse_round_change();
        CREATE TRIGGER rounds_no_truncate BEFORE TRUNCATE ON sptable.rounds
            FOR EACH STATEMENT EXECUTE FUNCTION sptable.refuse_round_change();
    END IF;
END
$rounds$;

-- An audit's reading of a round: its phase and each player's result (operators only).
CREATE OR REPLACE FUNCTION sptable.audit_round(p_tab text, p_round bigint)
RETURNS TABLE (phase text, machine text, kind text, staked bigint, returned bigint[],
               total bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
#variable_conflict use_column
BEGIN
    IF NOT splink.is_operator() THEN
        RAISE EXCEPTION USING ERRCODE = 'SP003', MESSAGE = 'an audit is an operator''s';
    END IF;
    RETURN QUERY
    SELECT r.phase, x.machine, x.kind, x.staked, x.returned, x.total
      FROM sptable.rounds r LEFT JOIN sptable.results x ON x.tab = r.tab AND x.round = r.round
     WHERE r.tab = p_tab AND r.round = p_round
     ORDER BY x.machine;
END
$$;

-- The linked prizes a round's players won on the table's pool (operators only): each player's
-- seat in the round (hands.seat) and the controller's payment to it.
CREATE OR REPLACE FUNCTION sptable.audit_linked(p_tab text, p_round bigint)
RETURNS TABLE (machine text, amount bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
#variable_conflict use_column
BEGIN
    IF NOT splink.is_operator() THEN
        RAISE EXCEPTION USING ERRCODE = 'SP003', MESSAGE = 'an audit is an operator''s';
    END IF;
    RETURN QUERY
    SELECT h.machine, w.amount
      FROM sptable.tables t
      JOIN splink.wins w ON w.machine = t.link_machine AND w.game = p_round
      JOIN sptable.hands h ON h.tab = p_tab AND h.round = p_round AND h.seat = w.seat
     WHERE t.tab = p_tab AND t.link_machine <> '';
END
$$;

-- The money of a table, every round: for each finished round and terminal, the stakes the table
-- accepted against what its result says was staked, any accepted stake without a result, and a
-- result whose cards, decisions or stakes per wager (what the terminal records in its history)
-- are not the round's rows (operators only). Returns the rounds, the problems found (with the first few described), and
-- the totals staked and returned.
CREATE OR REPLACE FUNCTION sptable.audit_money(p_tab text)
RETURNS TABLE (rounds bigint, finished bigint, problems bigint, first_problems text,
               staked bigint, returned bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
#variable_conflict use_column
BEGIN
    IF NOT splink.is_operator() THEN
        RAISE EXCEPTION USING ERRCODE = 'SP003', MESSAGE = 'an audit is an operator''s';
    END IF;
    RETURN QUERY
    WITH acc AS (
        SELECT k.round, k.machine, sum(k.total) AS total FROM sptable.stakes k
         WHERE k.tab = p_tab AND k.accepted GROUP BY k.round, k.machine),
    fin AS (SELECT r.round FROM sptable.rounds r
             WHERE r.tab = p_tab AND r.phase IN ('settled', 'cancelled')),
    bad AS (
        SELECT format('round %s terminal %s: accepted %s, result staked %s', a.round, a.machine,
                      a.total, x.staked) AS what
          FROM acc a JOIN fin f ON f.round = a.round
          LEFT JOIN sptable.results x ON x.tab = p_tab AND x.round = a.round
                                     AND x.machine = a.machine
         WHERE x.staked IS DISTINCT FROM a.total
        UNION ALL
        SELECT format('round %s terminal %s: a result without stakes', x.round, x.machine)
          FROM sptable.results x
         WHERE x.tab = p_tab AND x.staked > 0
           AND NOT EXISTS (SELECT 1 FROM acc a WHERE a.round = x.round AND a.machine = x.machine)
        UNION ALL
        -- what a terminal collected with its result (schema 4) is what the round's rows say
        SELECT format('round %s terminal %s: the result''s cards, decisions or stakes per wager '
                      'are not the round''s', x.round, x.machine)
          FROM sptable.results x
         WHERE x.tab = p_tab AND x.stakes IS NOT NULL
           AND (x.stakes IS DISTINCT FROM
                    coalesce((SELECT k.amounts FROM sptable.stake_sums k WHERE k.tab = x.tab
                                 AND k.round = x.round AND k.machine = x.machine), '{}')
                OR x.cards IS DISTINCT FROM
                    (SELECT h.cards FROM sptable.hands h WHERE h.tab = x.tab
                        AND h.round = x.round AND h.machine = x.machine)
                OR x.decisions IS DISTINCT FROM
                    (SELECT string_agg(d.step || ':' || d.action || ':' || d.multiple, ' '
                                       ORDER BY d.step)
                       FROM sptable.decisions d WHERE d.tab = x.tab AND d.round = x.round
                        AND d.machine = x.machine)))
    SELECT (SELECT count(*) FROM sptable.rounds r WHERE r.tab = p_tab),
           (SELECT count(*) FROM fin),
           (SELECT count(*) FROM bad),
           (SELECT string_agg(what, '; ') FROM (SELECT what FROM bad LIMIT 5) b),
           (SELECT coalesce(sum(x.staked), 0)::bigint FROM sptable.results x WHERE x.tab = p_tab),
           (SELECT coalesce(sum(x.total), 0)::bigint FROM sptable.results x WHERE x.tab = p_tab);
END
$$;

-- A login of its own for a host or a terminal (who: "a host", "a terminal"), a member of parent
-- only; a login that exists already is refused (each gets its own), so is a short password.
CREATE OR REPLACE FUNCTION sptable.make_login(p_role text, p_password text, p_parent text,
                                              p_who text) RETURNS void
LANGUAGE plpgsql SET search_path = sptable, pg_temp AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = p_role) THEN
        RAISE EXCEPTION USING ERRCODE = 'SP001',
            MESSAGE = format('a login %s exists already: %s gets a login of its own', p_role,
                             p_who);
    END IF;
    IF p_password IS NULL OR length(p_password) < 8 THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('%s''s login needs a password of at least 8 characters', p_who);
    END IF;
    EXECUTE format('CREATE ROLE %I LOGIN INHERIT PASSWORD %L IN ROLE %I', p_role, p_password,
                   p_parent);
END
$$;

-- A table and its host's login (made here, a member of splink_host only).
CREATE OR REPLACE FUNCTION sptable.table_add(p_tab text, p_currency text, p_role text,
                                             p_password text)
RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
DECLARE
    t sptable.tables;
BEGIN
    SELECT * INTO t FROM sptable.tables WHERE tab = p_tab;
    IF FOUND THEN
        IF t.currency <> p_currency OR t.host_role <> p_role THEN
            RAISE EXCEPTION USING ERRCODE = 'SP001',
                MESSAGE = format('table %s exists in %s with host login %s', p_tab, t.currency,
                                 t.host_role);
        END IF;
        RETURN false;
    END IF;
    INSERT INTO sptable.tables (tab, host_role, currency) VALUES (p_tab, p_role, p_currency);
    PERFORM sptable.make_login(p_role, p_password, 'splink_host', 'a host');
    PERFORM splink.audit_row('table_add', p_tab, NULL,
                             format('currency=%s host=%s', p_currency, p_role));
    RETURN true;
END
$$;

-- A terminal, its site and its own login (a member of splink_terminal only).
CREATE OR REPLACE FUNCTION sptable.table_terminal_add(p_machine text, p_site text, p_role text,
                                                      p_password text)
RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = sptable, pg_temp AS $$
DECLARE
    t sptable.terminals;
BEGIN
    SELECT * INTO t FROM sptable.terminals WHERE machine = p_machine;
    IF FOUND THEN
        IF t.site <> p_site OR t.role <> p_role THEN
            RAISE EXCEPTION USING ERRCODE = 'SP001',
                MESSAGE = format('terminal %s exists at site %s, login %s', p_machine, t.site,
                                 t.role);
        END IF;
        RETURN false;
    END IF;
    INSERT INTO sptable.terminals (machine, site, role) VALUES (p_machine, p_site, p_role);
    PERFORM sptable.make_login(p_role, p_password, 'splink_terminal', 'a terminal');
    PERFORM splink.audit_row('terminal_add', p_machine, NULL,
                             format('site=%s login=%s', p_site, p_role));
    RETURN true;
END
$$;

-- ---- who may call what ----
REVOKE ALL ON ALL TABLES IN SCHEMA sptable FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA sptable FROM PUBLIC;
GRANT EXECUTE ON FUNCTION
    sptable.audit_round(text, bigint),
    sptable.audit_money(text),
    sptable.audit_linked(text, bigint),
    sptable.table_add(text, text, text, text),
    sptable.table_terminal_add(text, text, text, text)
    TO splink_operator;
GRANT SELECT ON ALL TABLES IN SCHEMA sptable TO splink_operator;
RESET ROLE;
