-- controller.sql: the linked progressive's controller of record, on PostgreSQL (issue 14).
--
-- Installed by `studpoker link init --url CONNINFO`, which runs this whole file in one
-- transaction as a superuser (it creates roles). Running it again changes nothing that is there
-- and adds what is missing: tables are created only when absent, functions are replaced, grants
-- are given again. (A later schema that changes a table or a function's result must alter or
-- drop it first, and raise schema_version.) The program carries this file inside itself, so the
-- schema a machine talks to is the one it was built with.
--
-- Units. Every amount of a pool is an integer in "frac": 1/10,000 of a minor unit of the pool's
-- currency, as src/core/jackpot.h keeps a local pool (45% of a 0.25 stake is 1,125,000 frac,
-- exactly). Stakes and payments are integers in minor units (cents) of the player's currency.
-- Intermediate products are PostgreSQL numeric (exact decimal integers of any size, never
-- floating point) and come back to bigint after an integer division, div(), which rounds toward
-- zero: every quantity here is non-negative, so that is rounding down.
--
-- Currencies. A rate is an exact fraction num/den: one minor unit of the currency is worth
-- num/den minor units of the pool's currency (GBP to EUR at 1.17 is 117/100). The rate used is
-- written on every contribution and every win, with the stake, so anyone can work a row out
-- again. The rounding rules, the same in the C client's comments and in the report:
--   contribution: a stake S in a currency at rate N/D gives the prize floor(S*b*N/D) frac for
--     the prize's share b in basis points (4500 = 45%), and the reserve floor(S*r*N/D) frac
--     for its share r (500 = 5%), each rounded down on its own. What is rounded away, under
--     1/10,000 of a cent of the pool per share, is never contributed: it stays with the house.
--   win: the pool's value V at the instant of the claim is shared among the round's royal
--     holders in proportion to their stakes in the pool's currency, S_i*N_i/D_i (one holder:
--     all of V): share_i = floor(V * w_i / sum w) frac. It is paid in the player's currency,
--     rounded down to the cent: amount_i = floor(share_i * D_i / (N_i * 10,000)). The pool gives
--     up exactly what was paid, rounded up to the frac: debit_i = ceil(amount_i * N_i * 10,000
--     / D_i), never more than share_i. What is left of V stays in the pool for the next prize.
--   reset: the next prize starts at what was left + the reserve + the overflow; above the
--     limit the excess goes back to the overflow; below the seed the house tops it up to the
--     seed exactly (counted in `seeded`). rules.md: "Top prize after a hit = reserve (at least
--     the configured minimum seed)".
-- So for every pool, always: seeded + contributed = value + reserve + overflow + paid. The
-- pools table checks that on every row it holds, to the frac.
--
-- Who may do what. Three roles without login own and use the schema:
--   splink_owner    owns every table and function; the functions below run as it (SECURITY
--                   DEFINER, search_path pinned), so they are the only way to change a row.
--   splink_machine  what every machine's own login role is made a member of: EXECUTE on the
--                   machine functions, nothing on any table (a machine reads no row directly,
--                   its own site's or another's).
--   splink_operator EXECUTE on the operator functions (pools, sites, machines, seed, limit,
--                   rates; each audited) and SELECT on every table, for audits.
-- A machine function also checks that the login calling it is the machine it names
-- (session_user), so one machine cannot contribute or claim for another, nor read the meters of
-- a pool it is not in. splink_owner may create roles (CREATEROLE) only so that
-- link_machine_add can make a machine's login; nobody logs in as it.
--
-- Errors the machines act on carry SQLSTATEs of the class "SP" (the client reports them as a
-- refusal: sending the same again gets the same answer):
--   SP001 a key already used with other figures (a contribution, a claim, a pool)
--   SP002 a bad argument (unknown machine, pool, site, currency without a rate, bad amount)
--   SP003 not allowed for this login (another machine's name, another pool's meters)
--   SP004 a claim before its round's contribution reached the controller
--   SP005 a shared table that is not open yet: its host has not published it (table.sql)
--
-- Where a pool's figures are (schema 2). A stake does not write the pool's row: every machine has
-- an accumulator row of its own (splink.accum) that its stakes add to, so machines counting stakes
-- at the same instant never wait for one another (one row that every stake wrote, and every
-- commit that sent a notice, put all of a floor's stakes in a single file). The pool's row holds
-- the figures folded in so far; a claim, and an operator's change of the limit, take the pool's
-- row and every accumulator of it, fold the accumulators in and restart them at zero, all in one
-- transaction. The pool now is the view splink.pools_now: the row plus its accumulators, the
-- limit applied (what is above it is overflow, decided when folded, so a stake's own row counts
-- no overflow: the sums are those a stake at a time would give). link_meters reads that view.
--
-- Notifications. A change of a pool is told by NOTIFY on the channel splink_<pool> with a line
-- of key=value words (pool, event, value, reserve, overflow, hits, base, contributions, at = the
-- server's time in microseconds since 1970; a win adds site, machine, game, seat, currency,
-- amount), delivered when the change commits, so a machine's meter follows by LISTEN and never
-- polls. A win and an operator's change notify in their own transaction. Stakes do not (PostgreSQL
-- puts every committing transaction that notifies in one queue, each waiting for the one before
-- it to reach the disk): after its stakes commit, a machine calls link_announce, which notifies
-- the pool as it is then unless a notice went out in the last 100 ms; then it says how long to
-- wait before asking again, and a notice sent meanwhile covers the stakes if it was made after
-- the machine first asked. So every stake is on every meter within about 100 ms, and a pool
-- sends at most about ten notices a second however many machines play it. Notices of stakes may
-- arrive out of order: within one hit count, the larger value is the newer.

SET LOCAL client_min_messages = warning;
-- two inits at once take turns
SELECT pg_advisory_xact_lock(7310291401);

DO $roles$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'splink_owner') THEN
        CREATE ROLE splink_owner NOLOGIN CREATEROLE;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'splink_machine') THEN
        CREATE ROLE splink_machine NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'splink_operator') THEN
        CREATE ROLE splink_operator NOLOGIN;
    END IF;
END
$roles$;
-- the owner makes machines' logins members of splink_machine (PostgreSQL 16 on asks for ADMIN)
GRANT splink_machine TO splink_owner WITH ADMIN OPTION;

CREATE SCHEMA IF NOT EXISTS splink AUTHORIZATION splink_owner;
REVOKE ALL ON SCHEMA splink FROM PUBLIC;
GRANT USAGE ON SCHEMA splink TO splink_machine, splink_operator;

-- Everything below is created by the owner, so that it owns it and the functions run as it.
SET LOCAL ROLE splink_owner;
-- functions are EXECUTE for PUBLIC unless said otherwise: not the owner's
ALTER DEFAULT PRIVILEGES FOR ROLE splink_owner REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;

CREATE TABLE IF NOT EXISTS splink.meta (
    key   text PRIMARY KEY,
    value text NOT NULL
);
INSERT INTO splink.meta VALUES ('schema_version', '7') ON CONFLICT (key) DO NOTHING;
-- schema 1 to 2: the accumulators, the announcements, contributions without the pool's and the
-- site's foreign keys (below); 2 to 3: a shared table's seats (a round's players, not a
-- cabinet's seven) number a contribution and a claim; nothing else of a table changed; 3 to 4:
-- a shared table's rounds keep the count of their seated terminals and its results what a
-- terminal collects with them, its host's step closing answers a count (table.sql, schema 4); 4
-- to 5: a terminal reads the table and collects its results in one call, table_look (table.sql);
-- 5 to 6: table_look answers a row type of its own, sptable.look_row, and reads the newest
-- round's result once (table_look.sql); 6 to 7: a terminal reads the table's newest round and its
-- result of it from the view table_now (table_look.sql), the rounds mark their newest, hands and
-- results are checked against their rounds once a statement, not by a foreign key (table.sql)
UPDATE splink.meta SET value = '7' WHERE key = 'schema_version'
   AND value IN ('1', '2', '3', '4', '5', '6');

-- One row per linked pool, its current values and its running totals (all frac).
CREATE TABLE IF NOT EXISTS splink.pools (
    pool           text PRIMARY KEY CHECK (pool ~ '^[a-z][a-z0-9_]{0,39}$'),
    currency       text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    value_bp       integer NOT NULL CHECK (value_bp BETWEEN 0 AND 10000),
    reserve_bp     integer NOT NULL CHECK (reserve_bp BETWEEN 0 AND 10000),
    seed           bigint NOT NULL CHECK (seed >= 0),            -- minimum start of a prize
    overflow_limit bigint NOT NULL DEFAULT 0 CHECK (overflow_limit >= 0), -- 0: no limit
    value          bigint NOT NULL CHECK (value >= 0),           -- the top prize now
    reserve        bigint NOT NULL DEFAULT 0 CHECK (reserve >= 0), -- seeds the next prize
    overflow       bigint NOT NULL DEFAULT 0 CHECK (overflow >= 0), -- above the limit
    base           bigint NOT NULL CHECK (base >= 0),            -- what this prize started at
    hits           bigint NOT NULL DEFAULT 0 CHECK (hits >= 0),  -- top prizes won (rounds)
    contributions  bigint NOT NULL DEFAULT 0 CHECK (contributions >= 0), -- rows counted
    contributed    bigint NOT NULL DEFAULT 0 CHECK (contributed >= 0), -- ever from stakes
    seeded         bigint NOT NULL DEFAULT 0 CHECK (seeded >= 0), -- ever put in by the house
    paid           bigint NOT NULL DEFAULT 0 CHECK (paid >= 0),  -- ever given up for wins
    changed_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
    CHECK (value_bp + reserve_bp <= 10000),
    CHECK (overflow_limit = 0 OR overflow_limit >= seed),
    CHECK (seeded + contributed = value + reserve + overflow + paid)
);

CREATE TABLE IF NOT EXISTS splink.sites (
    site     text PRIMARY KEY CHECK (site ~ '^[a-z][a-z0-9_]{0,39}$'),
    currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$')
);

CREATE TABLE IF NOT EXISTS splink.machines (
    machine  text PRIMARY KEY CHECK (machine ~ '^[a-z][a-z0-9_]{0,39}$'),
    site     text NOT NULL REFERENCES splink.sites,
    pool     text NOT NULL REFERENCES splink.pools,
    role     text NOT NULL UNIQUE,
    added_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- The rate in force from a currency to a pool's currency; its history is in the audit table,
-- and every row that used a rate carries it.
CREATE TABLE IF NOT EXISTS splink.rates (
    currency      text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    pool_currency text NOT NULL CHECK (pool_currency ~ '^[A-Z]{3}$'),
    num           bigint NOT NULL CHECK (num > 0),
    den           bigint NOT NULL CHECK (den > 0),
    set_at        timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (currency, pool_currency),
    CHECK (currency <> pool_currency)
);

-- One row per stake counted, keyed by (machine, game, seat): a cabinet plays seat 1, so for it
-- the key is (machine, game). A retry finds its row and counts nothing again.
CREATE TABLE IF NOT EXISTS splink.contributions (
    id          bigserial PRIMARY KEY,
    at          timestamptz NOT NULL DEFAULT clock_timestamp(),
    pool        text NOT NULL,  -- the machine's (no foreign key: see below)
    site        text NOT NULL,
    machine     text NOT NULL REFERENCES splink.machines,
    game        bigint NOT NULL CHECK (game >= 0),
    seat        integer NOT NULL CHECK (seat BETWEEN 1 AND 1000000),
    currency    text NOT NULL,
    stake       bigint NOT NULL CHECK (stake > 0),                 -- minor units of currency
    rate_num    bigint NOT NULL CHECK (rate_num > 0),
    rate_den    bigint NOT NULL CHECK (rate_den > 0),
    value_bp    integer NOT NULL,
    reserve_bp  integer NOT NULL,
    to_value    bigint NOT NULL CHECK (to_value >= 0),             -- frac of the pool
    to_reserve  bigint NOT NULL CHECK (to_reserve >= 0),
    to_overflow bigint NOT NULL CHECK (to_overflow >= 0),
    value_after bigint NOT NULL, -- the prize after it, as its transaction saw the pool (stakes
                                 -- being counted at that instant on other machines are not in it)
    UNIQUE (machine, game, seat)
);
-- A foreign key to the pool's row would lock that row (FOR KEY SHARE) in every stake's
-- transaction, all machines at once: the single hot row again. The pool and the site come from
-- the machine's own row, which the foreign key on machine does hold.
ALTER TABLE splink.contributions DROP CONSTRAINT IF EXISTS contributions_seat_check;
ALTER TABLE splink.contributions ADD CONSTRAINT contributions_seat_check
    CHECK (seat BETWEEN 1 AND 1000000);
ALTER TABLE splink.contributions DROP CONSTRAINT IF EXISTS contributions_pool_fkey;
ALTER TABLE splink.contributions DROP CONSTRAINT IF EXISTS contributions_site_fkey;

-- One row per royal holder paid: when, where, which game, how much (in the player's currency),
-- and the pool's side of it (the value at the claim, the share, what the pool gave up, the value
-- the next prize started at).
CREATE TABLE IF NOT EXISTS splink.wins (
    id           bigserial PRIMARY KEY,
    at           timestamptz NOT NULL DEFAULT clock_timestamp(),
    pool         text NOT NULL REFERENCES splink.pools,
    site         text NOT NULL REFERENCES splink.sites,
    machine      text NOT NULL REFERENCES splink.machines,
    game         bigint NOT NULL,
    seat         integer NOT NULL,
    currency     text NOT NULL,
    stake        bigint NOT NULL,
    rate_num     bigint NOT NULL CHECK (rate_num > 0),
    rate_den     bigint NOT NULL CHECK (rate_den > 0),
    value_before bigint NOT NULL CHECK (value_before >= 0),
    share        bigint NOT NULL CHECK (share >= 0),
    amount       bigint NOT NULL CHECK (amount >= 0),              -- minor units of currency
    debit        bigint NOT NULL CHECK (debit >= 0 AND debit <= share),
    value_after  bigint NOT NULL,
    UNIQUE (machine, game, seat)
);
CREATE INDEX IF NOT EXISTS wins_pool_id ON splink.wins (pool, id);

-- A machine's stakes counted since its pool's figures were last folded (frac): what it adds to
-- the prize and to the reserve, and how many stakes. Written by its own stakes only, folded into
-- the pool (and set back to zero) by a claim or a change of the limit. Running figures, like the
-- pool's row, not a record: the contributions are the record.
CREATE TABLE IF NOT EXISTS splink.accum (
    machine       text PRIMARY KEY REFERENCES splink.machines,
    pool          text NOT NULL REFERENCES splink.pools,
    value         bigint NOT NULL DEFAULT 0 CHECK (value >= 0),
    reserve       bigint NOT NULL DEFAULT 0 CHECK (reserve >= 0),
    contributions bigint NOT NULL DEFAULT 0 CHECK (contributions >= 0)
);
CREATE INDEX IF NOT EXISTS accum_pool ON splink.accum (pool, machine);
INSERT INTO splink.accum (machine, pool) SELECT machine, pool FROM splink.machines
    ON CONFLICT (machine) DO NOTHING;

-- When each pool's stakes were last announced (link_announce): the instant its notice was made.
CREATE TABLE IF NOT EXISTS splink.announced (
    pool text PRIMARY KEY REFERENCES splink.pools,
    at   timestamptz NOT NULL DEFAULT 'epoch'
);
INSERT INTO splink.announced (pool) SELECT pool FROM splink.pools ON CONFLICT (pool) DO NOTHING;

-- Each pool as it is now: its row plus its machines' accumulators, the limit applied (what is
-- above it is overflow). Always: seeded + contributed = value + reserve + overflow + paid.
CREATE OR REPLACE VIEW splink.pools_now AS
SELECT p.pool, p.currency, p.value_bp, p.reserve_bp, p.seed, p.overflow_limit,
       v.value, p.reserve + a.reserve AS reserve,
       p.overflow + (p.value + a.value - v.value) AS overflow,
       p.base, p.hits, p.contributions + a.contributions AS contributions,
       p.contributed + a.value + a.reserve AS contributed, p.seeded, p.paid, p.changed_at
  FROM splink.pools p
 CROSS JOIN LATERAL (SELECT coalesce(sum(x.value), 0)::bigint AS value,
                            coalesce(sum(x.reserve), 0)::bigint AS reserve,
                            coalesce(sum(x.contributions), 0)::bigint AS contributions
                       FROM splink.accum x WHERE x.pool = p.pool) a
 CROSS JOIN LATERAL (SELECT CASE WHEN p.overflow_limit > 0
                                 THEN least(p.value + a.value, greatest(p.value, p.overflow_limit))
                                 ELSE p.value + a.value END AS value) v;

-- Every parameter an operator changes, with who, when, the old and the new value.
CREATE TABLE IF NOT EXISTS splink.audit (
    id        bigserial PRIMARY KEY,
    at        timestamptz NOT NULL DEFAULT clock_timestamp(),
    by_role   text NOT NULL,
    action    text NOT NULL,
    subject   text NOT NULL,
    old_value text,
    new_value text
);

-- The records are append-only, for the owner too: a row changed or removed in place is refused.
CREATE OR REPLACE FUNCTION splink.refuse_change() RETURNS trigger
LANGUAGE plpgsql SET search_path = splink, pg_temp AS $$
BEGIN
    RAISE EXCEPTION USING ERRCODE = 'SP003',
        MESSAGE = format('%s rows are a record: they are never changed or removed', TG_TABLE_NAME);
END
$$;
DO $triggers$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['contributions', 'wins', 'audit'] LOOP
        IF NOT EXISTS (SELECT 1 FROM pg_trigger
                       WHERE tgname = t || '_append_only'
                         AND tgrelid = format('splink.%I', t)::regclass) THEN
            EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OR DELETE ON splink.%I '
                           'FOR EACH ROW EXECUTE FUNCTION splink.refuse_change()',
                           t || '_append_only', t);
            EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON splink.%I '
                           'FOR EACH STATEMENT EXECUTE FUNCTION splink.refuse_change()',
                           t || '_no_truncate', t);
        END IF;
    END LOOP;
END
$triggers$;

-- ---- helpers (run only inside the functions below) ----

-- An amount for a message, as people read it ("GBP 1.00"); money itself never goes through it.
CREATE OR REPLACE FUNCTION splink.money_text(minor bigint, currency text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = splink, pg_temp AS $$
    SELECT currency || ' ' || CASE WHEN minor < 0 THEN '-' ELSE '' END
           || (abs(minor) / 100)::text || '.' || lpad((abs(minor) % 100)::text, 2, '0')
$$;

-- Whether the login calling is an operator (a member of splink_operator, or a superuser).
CREATE OR REPLACE FUNCTION splink.is_operator() RETURNS boolean
LANGUAGE sql STABLE SET search_path = splink, pg_temp AS $$
    SELECT pg_has_role(session_user, 'splink_operator', 'MEMBER')
$$;

-- The machine the login calling is, when it names itself; refused for any other name.
CREATE OR REPLACE FUNCTION splink.caller_machine(p_machine text) RETURNS splink.machines
LANGUAGE plpgsql STABLE SET search_path = splink, pg_temp AS $$
DECLARE
    m splink.machines;
BEGIN
    SELECT * INTO m FROM splink.machines WHERE machine = p_machine;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('machine %s is not registered on this controller', p_machine),
            HINT = 'an operator adds it with link_machine_add';
    END IF;
    IF m.role <> session_user THEN
        RAISE EXCEPTION USING ERRCODE = 'SP003',
            MESSAGE = format('the login %s may not act for machine %s', session_user, p_machine);
    END IF;
    RETURN m;
END
$$;

-- May the login calling read this pool's meters: an operator any, a machine its own pool only.
CREATE OR REPLACE FUNCTION splink.check_reader(p_pool text) RETURNS void
LANGUAGE plpgsql STABLE SET search_path = splink, pg_temp AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM splink.pools WHERE pool = p_pool) THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('there is no pool %s on this controller', p_pool);
    END IF;
    IF splink.is_operator() THEN
        RETURN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM splink.machines WHERE role = session_user AND pool = p_pool) THEN
        RAISE EXCEPTION USING ERRCODE = 'SP003',
            MESSAGE = format('the login %s may read only the meters of its own machine''s pool',
                             session_user);
    END IF;
END
$$;

-- The rate in force from a currency to a pool's currency (1/1 for the pool's own).
CREATE OR REPLACE FUNCTION splink.rate_for(p_currency text, p_pool_currency text,
                                           OUT num bigint, OUT den bigint)
LANGUAGE plpgsql STABLE SET search_path = splink, pg_temp AS $$
BEGIN
    IF p_currency = p_pool_currency THEN
        num := 1;
        den := 1;
        RETURN;
    END IF;
    SELECT r.num, r.den INTO num, den FROM splink.rates r
     WHERE r.currency = p_currency AND r.pool_currency = p_pool_currency;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('there is no rate from %s to %s on this controller',
                             coalesce(p_currency, 'NULL'), p_pool_currency),
            HINT = 'an operator sets one with link_set_rate';
    END IF;
END
$$;

-- schema 1's helpers that schema 2 does without or takes other arguments for
DROP FUNCTION IF EXISTS splink.notify_pool(splink.pools, text, text);
DROP FUNCTION IF EXISTS splink.write_pool(splink.pools);
DROP FUNCTION IF EXISTS splink.count_stake(splink.machines, splink.pools, bigint, bigint, text,
                                           integer);

-- Notifies a pool as it is now (pools_now), with the server's clock.
CREATE OR REPLACE FUNCTION splink.notify_pool(p_pool text, p_event text, p_extra text)
RETURNS void
LANGUAGE plpgsql VOLATILE SET search_path = splink, pg_temp AS $$
DECLARE
    p splink.pools_now;
BEGIN
    SELECT * INTO p FROM splink.pools_now WHERE pool = p_pool;
    PERFORM pg_notify('splink_' || p.pool,
        format('pool=%s event=%s value=%s reserve=%s overflow=%s hits=%s base=%s '
               'contributions=%s at=%s%s',
               p.pool, p_event, p.value, p.reserve, p.overflow, p.hits, p.base, p.contributions,
               (extract(epoch FROM clock_timestamp()) * 1000000)::bigint,
               CASE WHEN p_extra = '' THEN '' ELSE ' ' || p_extra END));
END
$$;

CREATE OR REPLACE FUNCTION splink.audit_row(p_action text, p_subject text, p_old text,
                                            p_new text) RETURNS void
LANGUAGE sql VOLATILE SET search_path = splink, pg_temp AS $$
    INSERT INTO splink.audit (by_role, action, subject, old_value, new_value)
    VALUES (session_user, p_action, p_subject, p_old, p_new)
$$;

-- Folds a pool's accumulators into its row, whose row the caller holds (FOR NO KEY UPDATE, the
-- lock that stakes' foreign keys do not wait for): every accumulator of the pool is locked, in
-- the order of their machines, so that a stake being counted finishes first and a stake that
-- comes later waits for this transaction; their figures move into the pool's row (the limit
-- applied: what is above it becomes overflow) and they restart at zero. Returns the pool's row.
CREATE OR REPLACE FUNCTION splink.fold(p_pool text) RETURNS splink.pools
LANGUAGE plpgsql VOLATILE SET search_path = splink, pg_temp AS $$
DECLARE
    n splink.pools_now;
    p splink.pools;
BEGIN
    PERFORM 1 FROM splink.accum WHERE pool = p_pool ORDER BY machine FOR UPDATE;
    -- a statement after the locks: it sees every stake that committed while they were awaited
    SELECT * INTO n FROM splink.pools_now WHERE pool = p_pool;
    UPDATE splink.accum SET value = 0, reserve = 0, contributions = 0
     WHERE pool = p_pool AND (value <> 0 OR reserve <> 0 OR contributions <> 0);
    UPDATE splink.pools
       SET value = n.value, reserve = n.reserve, overflow = n.overflow,
           contributions = n.contributions, contributed = n.contributed
     WHERE pool = p_pool
    RETURNING * INTO p;
    RETURN p;
END
$$;

-- ---- the machine functions ----

-- One stake of a machine counted, once (m: the machine, p: its pool's row as read, for its shares
-- and currency; the caller holds the machine's accumulator and adds what this returns to it).
-- p_seen is the prize before this stake as the caller's transaction sees it, without the limit;
-- value_after is the prize after it, with the limit. A (machine, game, seat) counted already is
-- returned as it was (replay) and changes nothing; another stake or currency under it is refused
-- (SP001). The rounding rule of the header: each share rounded down to the frac on its own.
CREATE OR REPLACE FUNCTION splink.count_stake(m splink.machines, p splink.pools, p_game bigint,
                                              p_stake bigint, p_currency text, p_seat integer,
                                              p_seen bigint,
                                              OUT to_value bigint, OUT to_reserve bigint,
                                              OUT to_overflow bigint, OUT rate_num bigint,
                                              OUT rate_den bigint, OUT value_after bigint,
                                              OUT replay boolean)
LANGUAGE plpgsql SET search_path = splink, pg_temp AS $$
DECLARE
    c splink.contributions;
    rt record;
BEGIN
    IF p_game IS NULL OR p_game < 0 OR p_seat IS NULL OR p_seat NOT BETWEEN 1 AND 1000000
       OR p_stake IS NULL OR p_stake <= 0 OR p_stake > 1000000000000 THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('a contribution needs a game >= 0, a seat 1 to 10^6 and a stake of '
                             '1 to 10^12 minor units (got game %s seat %s stake %s)',
                             p_game, p_seat, p_stake);
    END IF;
    SELECT * INTO c FROM splink.contributions
     WHERE machine = m.machine AND game = p_game AND seat = p_seat;
    IF FOUND THEN
        IF c.stake <> p_stake OR c.currency <> p_currency THEN
            RAISE EXCEPTION USING ERRCODE = 'SP001',
                MESSAGE = format('machine %s game %s seat %s was already counted with a stake of '
                                 '%s; %s under the same key is refused', m.machine, p_game,
                                 p_seat, splink.money_text(c.stake, c.currency),
                                 splink.money_text(p_stake, p_currency));
        END IF;
        SELECT c.to_value, c.to_reserve, c.to_overflow, c.rate_num, c.rate_den, c.value_after,
               true
          INTO to_value, to_reserve, to_overflow, rate_num, rate_den, value_after, replay;
        RETURN;
    END IF;
    SELECT * INTO rt FROM splink.rate_for(p_currency, p.currency);
    to_value := div(p_stake::numeric * p.value_bp * rt.num, rt.den)::bigint;
    to_reserve := div(p_stake::numeric * p.reserve_bp * rt.num, rt.den)::bigint;
    to_overflow := 0; -- decided when the pool is folded (the header)
    value_after := p_seen + to_value;
    IF p.overflow_limit > 0 THEN
        value_after := least(value_after, greatest(p.value, p.overflow_limit));
    END IF;
    rate_num := rt.num;
    rate_den := rt.den;
    replay := false;
    INSERT INTO splink.contributions (pool, site, machine, game, seat, currency, stake, rate_num,
                                      rate_den, value_bp, reserve_bp, to_value, to_reserve,
                                      to_overflow, value_after)
    VALUES (p.pool, m.site, m.machine, p_game, p_seat, p_currency, p_stake, rt.num, rt.den,
            p.value_bp, p.reserve_bp, to_value, to_reserve, to_overflow, value_after);
END
$$;

-- Several stakes of one machine in one transaction (its outbox's contributions, in order), each
-- counted exactly once (count_stake) into the machine's own accumulator, which is locked first:
-- the machine's stakes are counted one batch after another, and a key sent twice at once is
-- found by the second once the first commits, while other machines' stakes go on beside them.
-- A batch sent again is answered row by row as it was first (replay); one stake refused refuses
-- the whole batch, nothing of it counted. No notice: the machine calls link_announce after the
-- commit (the header).
CREATE OR REPLACE FUNCTION splink.link_contribute_many(p_machine text, p_games bigint[],
                                                       p_seats integer[], p_stakes bigint[],
                                                       p_currencies text[])
RETURNS TABLE (game bigint, seat integer, to_value bigint, to_reserve bigint,
               to_overflow bigint, rate_num bigint, rate_den bigint, value_after bigint,
               replay boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = splink, pg_temp AS $$
DECLARE
    n integer := coalesce(cardinality(p_games), 0);
    m splink.machines;
    a splink.accum;
    p splink.pools;
    r record;
    seen bigint;
BEGIN
    IF n < 1 OR n > 1000 OR coalesce(cardinality(p_seats), 0) <> n
       OR coalesce(cardinality(p_stakes), 0) <> n OR coalesce(cardinality(p_currencies), 0) <> n THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('a batch is 1 to 1000 stakes, each with its game, seat, stake and '
                             'currency (got %s games, %s seats, %s stakes, %s currencies)',
                             cardinality(p_games), cardinality(p_seats), cardinality(p_stakes),
                             cardinality(p_currencies));
    END IF;
    m := splink.caller_machine(p_machine);
    SELECT * INTO a FROM splink.accum x WHERE x.machine = m.machine FOR UPDATE;
    IF NOT FOUND OR a.pool <> m.pool THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('machine %s has no accumulator on pool %s', m.machine, m.pool),
            HINT = 'run `studpoker link init` again: it makes what is missing';
    END IF;
    -- read after the lock, which no fold can take from us: a fold that ran before it is in the
    -- pool's row, and none runs until this commits
    SELECT * INTO p FROM splink.pools x WHERE x.pool = m.pool;
    SELECT p.value + coalesce(sum(x.value), 0) INTO seen FROM splink.accum x
     WHERE x.pool = m.pool;
    FOR i IN 1 .. n LOOP
        SELECT * INTO r FROM splink.count_stake(m, p, p_games[i], p_stakes[i], p_currencies[i],
                                                p_seats[i], seen);
        IF NOT r.replay THEN
            seen := seen + r.to_value;
            a.value := a.value + r.to_value;
            a.reserve := a.reserve + r.to_reserve;
            a.contributions := a.contributions + 1;
        END IF;
        RETURN QUERY SELECT p_games[i], p_seats[i], r.to_value, r.to_reserve, r.to_overflow,
                            r.rate_num, r.rate_den, r.value_after, r.replay;
    END LOOP;
    UPDATE splink.accum x SET value = a.value, reserve = a.reserve, contributions = a.contributions
     WHERE x.machine = m.machine;
END
$$;

-- Counts one stake into the machine's pool, once: a batch of one (link_contribute_many).
CREATE OR REPLACE FUNCTION splink.link_contribute(p_machine text, p_game bigint, p_stake bigint,
                                                  p_currency text, p_seat integer DEFAULT 1)
RETURNS TABLE (to_value bigint, to_reserve bigint, to_overflow bigint, rate_num bigint,
               rate_den bigint, value_after bigint, replay boolean)
LANGUAGE sql SECURITY DEFINER SET search_path = splink, pg_temp AS $$
    SELECT c.to_value, c.to_reserve, c.to_overflow, c.rate_num, c.rate_den, c.value_after,
           c.replay
      FROM splink.link_contribute_many(p_machine, ARRAY[p_game], ARRAY[p_seat],
                                       ARRAY[p_stake], ARRAY[p_currency]) c
$$;

-- Tells the machines following a pool that its stakes changed, after a machine's stakes
-- committed (the header). p_since: NULL the first time after a commit (the answer's `since` is
-- then this call's instant), and that `since` when asked again. A notice made at or after
-- `since` covers the machine's stakes: nothing to do. Else, when the last notice is 100 ms old or
-- more, this call makes one (announced); else it says how long to wait (wait_ms) before asking
-- again. The notice's row is written with a compare-and-set, so two machines at once make one
-- notice (the other is told to wait), and committed without waiting for the disk: losing it in a
-- crash loses nothing but a notice.
CREATE OR REPLACE FUNCTION splink.link_announce(p_machine text, p_since timestamptz DEFAULT NULL)
RETURNS TABLE (announced boolean, wait_ms integer, since timestamptz)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = splink, pg_temp AS $$
DECLARE
    m splink.machines;
    t0 timestamptz := coalesce(p_since, clock_timestamp());
    last timestamptz;
    made timestamptz;
    gap constant interval := interval '100 milliseconds';
BEGIN
    m := splink.caller_machine(p_machine);
    SELECT x.at INTO last FROM splink.announced x WHERE x.pool = m.pool;
    IF NOT FOUND THEN
        INSERT INTO splink.announced (pool) VALUES (m.pool) ON CONFLICT (pool) DO NOTHING;
        last := 'epoch';
    END IF;
    IF last >= t0 THEN
        RETURN QUERY SELECT false, 0, t0;
        RETURN;
    END IF;
    made := clock_timestamp();
    IF made - last < gap THEN
        RETURN QUERY SELECT false,
            greatest(1, ceil(extract(epoch FROM (last + gap - made)) * 1000))::integer, t0;
        RETURN;
    END IF;
    -- a notice need not wait for the disk (SET LOCAL: to the end of this transaction)
    PERFORM set_config('synchronous_commit', 'off', true);
    UPDATE splink.announced x SET at = made WHERE x.pool = m.pool AND x.at = last;
    IF NOT FOUND THEN
        -- another machine's notice since: it may have been made before these stakes were seen
        RETURN QUERY SELECT false, (extract(epoch FROM gap) * 1000)::integer, t0;
        RETURN;
    END IF;
    PERFORM splink.notify_pool(m.pool, 'contribute', '');
    RETURN QUERY SELECT true, 0, t0;
END
$$;

-- A round's top prize, claimed in one transaction for the seats that hold a royal. The pool's
-- row is locked first, then its accumulators are folded in (fold): two machines claiming at once
-- are put in order, the first paid the value at its instant (every stake committed before it), the second the prize that restarted after it. A claim already made for this
-- (machine, game) is returned as it was (replay = true) and pays nothing again; a claim for
-- other seats under it is refused. Each seat's stake and currency are the ones its contribution
-- counted, so a claim cannot name a stake the pool never saw.
CREATE OR REPLACE FUNCTION splink.claim_seats(m splink.machines, p_game bigint, p_seats integer[])
RETURNS TABLE (seat integer, currency text, stake bigint, amount bigint, share bigint,
               debit bigint, rate_num bigint, rate_den bigint, value_before bigint,
               value_after bigint, win_id bigint, replay boolean)
LANGUAGE plpgsql SET search_path = splink, pg_temp AS $$
#variable_conflict use_column
DECLARE
    p splink.pools;
    n integer := coalesce(cardinality(p_seats), 0);
    seats integer[];
    done integer[];
    cur text[] := '{}';
    stk bigint[] := '{}';
    nums bigint[] := '{}';
    dens bigint[] := '{}';
    shares bigint[] := '{}';
    amounts bigint[] := '{}';
    debits bigint[] := '{}';
    c splink.contributions;
    rt record;
    common numeric := 1;
    wt numeric;
    total numeric := 0;
    v_before bigint;
    given bigint := 0;
    nv bigint;
    ov bigint := 0;
    topup bigint := 0;
    i integer;
BEGIN
    IF n < 1 OR n > 10000 OR array_position(p_seats, NULL) IS NOT NULL
       OR (SELECT count(DISTINCT s) FROM unnest(p_seats) s) <> n
       OR (SELECT min(s) FROM unnest(p_seats) s) < 1
       OR (SELECT max(s) FROM unnest(p_seats) s) > 1000000 THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('a claim names 1 to 10,000 different seats, each 1 to 10^6 (got %s)',
                             coalesce(p_seats::text, 'none'));
    END IF;
    seats := ARRAY(SELECT s FROM unnest(p_seats) s ORDER BY s);
    -- FOR NO KEY UPDATE: the claims of a pool one after another, while stakes' foreign keys on
    -- the machines' rows do not wait for it
    SELECT * INTO p FROM splink.pools WHERE pool = m.pool FOR NO KEY UPDATE;
    done := ARRAY(SELECT x.seat FROM splink.wins x
                   WHERE x.machine = m.machine AND x.game = p_game ORDER BY x.seat);
    IF cardinality(done) > 0 THEN
        IF done <> seats THEN
            RAISE EXCEPTION USING ERRCODE = 'SP001',
                MESSAGE = format('machine %s game %s was already claimed for seats %s; a claim '
                                 'for seats %s is refused', m.machine, p_game, done, seats);
        END IF;
        RETURN QUERY SELECT x.seat, x.currency, x.stake, x.amount, x.share, x.debit, x.rate_num,
                            x.rate_den, x.value_before, x.value_after, x.id, true
                       FROM splink.wins x
                      WHERE x.machine = m.machine AND x.game = p_game ORDER BY x.seat;
        RETURN;
    END IF;
    FOR i IN 1 .. n LOOP
        SELECT * INTO c FROM splink.contributions x
         WHERE x.machine = m.machine AND x.game = p_game AND x.seat = seats[i];
        IF NOT FOUND THEN
            RAISE EXCEPTION USING ERRCODE = 'SP004',
                MESSAGE = format('machine %s game %s seat %s has no contribution on this '
                                 'controller: a round''s contribution must reach it before its '
                                 'claim', m.machine, p_game, seats[i]);
        END IF;
        IF c.pool <> p.pool THEN
            RAISE EXCEPTION USING ERRCODE = 'SP002',
                MESSAGE = format('machine %s game %s seat %s contributed to pool %s, not to %s',
                                 m.machine, p_game, seats[i], c.pool, p.pool);
        END IF;
        SELECT * INTO rt FROM splink.rate_for(c.currency, p.currency);
        cur := cur || c.currency;
        stk := stk || c.stake;
        nums := nums || rt.num;
        dens := dens || rt.den;
        common := common * rt.den;
    END LOOP;
    -- the pool at this instant: every stake counted so far, folded in
    p := splink.fold(p.pool);
    -- each stake in the pool's currency, over the common denominator: exact integers
    FOR i IN 1 .. n LOOP
        total := total + stk[i]::numeric * nums[i] * div(common, dens[i]);
    END LOOP;
    v_before := p.value;
    FOR i IN 1 .. n LOOP
        IF n = 1 THEN
            shares := shares || v_before;
        ELSE
            wt := stk[i]::numeric * nums[i] * div(common, dens[i]);
            shares := shares || div(v_before::numeric * wt, total)::bigint;
        END IF;
        amounts := amounts || div(shares[i]::numeric * dens[i], nums[i] * 10000::numeric)::bigint;
        debits := debits
                  || div(amounts[i]::numeric * nums[i] * 10000 + dens[i] - 1, dens[i])::bigint;
        given := given + debits[i];
    END LOOP;
    -- the next prize: what is left, the reserve and the overflow; the limit; the seed
    nv := v_before - given + p.reserve + p.overflow;
    IF p.overflow_limit > 0 AND nv > p.overflow_limit THEN
        ov := nv - p.overflow_limit;
        nv := p.overflow_limit;
    END IF;
    IF nv < p.seed THEN
        topup := p.seed - nv;
        nv := p.seed;
    END IF;
    UPDATE splink.pools
       SET value = nv, reserve = 0, overflow = ov, base = nv, hits = hits + 1,
           paid = paid + given, seeded = seeded + topup, changed_at = clock_timestamp()
     WHERE pool = p.pool
    RETURNING * INTO p;
    FOR i IN 1 .. n LOOP
        INSERT INTO splink.wins (pool, site, machine, game, seat, currency, stake, rate_num,
                                 rate_den, value_before, share, amount, debit, value_after)
        VALUES (p.pool, m.site, m.machine, p_game, seats[i], cur[i], stk[i], nums[i], dens[i],
                v_before, shares[i], amounts[i], debits[i], nv)
        RETURNING id INTO win_id;
        PERFORM splink.notify_pool(p.pool, 'win',
            format('site=%s machine=%s game=%s seat=%s currency=%s amount=%s', m.site, m.machine,
                   p_game, seats[i], cur[i], amounts[i]));
        RETURN QUERY SELECT seats[i], cur[i], stk[i], amounts[i], shares[i], debits[i], nums[i],
                            dens[i], v_before, nv, win_id, false;
    END LOOP;
END
$$;

-- A cabinet's claim: seat 1 (or the seat given) with the stake and currency the machine
-- recorded, which must be those its contribution counted.
CREATE OR REPLACE FUNCTION splink.link_claim(p_machine text, p_game bigint, p_stake bigint,
                                             p_currency text, p_seat integer DEFAULT 1)
RETURNS TABLE (seat integer, currency text, stake bigint, amount bigint, share bigint,
               debit bigint, rate_num bigint, rate_den bigint, value_before bigint,
               value_after bigint, win_id bigint, replay boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = splink, pg_temp AS $$
#variable_conflict use_column
DECLARE
    m splink.machines;
    c splink.contributions;
BEGIN
    m := splink.caller_machine(p_machine);
    SELECT * INTO c FROM splink.contributions x
     WHERE x.machine = m.machine AND x.game = p_game AND x.seat = p_seat;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'SP004',
            MESSAGE = format('machine %s game %s seat %s has no contribution on this '
                             'controller: a round''s contribution must reach it before its '
                             'claim', m.machine, p_game, p_seat);
    END IF;
    IF c.stake <> p_stake OR c.currency <> p_currency THEN
        RAISE EXCEPTION USING ERRCODE = 'SP001',
            MESSAGE = format('machine %s game %s seat %s contributed a stake of %s; a claim for '
                             'a stake of %s is refused', m.machine, p_game, p_seat,
                             splink.money_text(c.stake, c.currency),
                             splink.money_text(p_stake, p_currency));
    END IF;
    RETURN QUERY SELECT * FROM splink.claim_seats(m, p_game, ARRAY[p_seat]);
END
$$;

-- Several royal holders in one round of a table (001: the prize "shared among all players who
-- have placed a jackpot bet in the winning game round", rules.md: in proportion to their stakes;
-- each seat may bet in its own currency).
CREATE OR REPLACE FUNCTION splink.link_claim_seats(p_machine text, p_game bigint,
                                                   p_seats integer[])
RETURNS TABLE (seat integer, currency text, stake bigint, amount bigint, share bigint,
               debit bigint, rate_num bigint, rate_den bigint, value_before bigint,
               value_after bigint, win_id bigint, replay boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = splink, pg_temp AS $$
BEGIN
    RETURN QUERY SELECT * FROM splink.claim_seats(splink.caller_machine(p_machine), p_game,
                                                  p_seats);
END
$$;

-- The controller's meters of a pool as it is now (pools_now; frac), and with a currency the
-- value in it for a meter that shows the player's own money: local_value = floor(value * den /
-- (num * 10,000)), rounded down so that a meter never shows more than the pool holds.
CREATE OR REPLACE FUNCTION splink.link_meters(p_pool text, p_currency text DEFAULT NULL)
RETURNS TABLE (pool text, currency text, value bigint, reserve bigint, overflow bigint,
               overflow_limit bigint, hits bigint, base bigint, seed bigint,
               contributions bigint, contributed bigint, seeded bigint, paid bigint,
               value_bp integer, reserve_bp integer, changed_at timestamptz,
               local_currency text, local_value bigint, local_rate_num bigint,
               local_rate_den bigint)
LANGUAGE plpgsql SECURITY DEFINER STABLE SET search_path = splink, pg_temp AS $$
#variable_conflict use_column
DECLARE
    p splink.pools_now;
    rt record;
BEGIN
    PERFORM splink.check_reader(p_pool);
    SELECT * INTO p FROM splink.pools_now x WHERE x.pool = p_pool;
    IF p_currency IS NULL OR p_currency = '' THEN
        SELECT * INTO rt FROM splink.rate_for(p.currency, p.currency);
        p_currency := p.currency;
    ELSE
        SELECT * INTO rt FROM splink.rate_for(p_currency, p.currency);
    END IF;
    RETURN QUERY SELECT p.pool, p.currency, p.value, p.reserve, p.overflow, p.overflow_limit,
                        p.hits, p.base, p.seed, p.contributions, p.contributed, p.seeded, p.paid,
                        p.value_bp, p.reserve_bp, p.changed_at, p_currency,
                        div(p.value::numeric * rt.den, rt.num * 10000::numeric)::bigint,
                        rt.num, rt.den;
END
$$;

-- The newest wins of a pool, newest first (at most 1,000; the meters show 25).
CREATE OR REPLACE FUNCTION splink.link_wins(p_pool text, p_last integer DEFAULT 25)
RETURNS TABLE (win_id bigint, at timestamptz, site text, machine text, game bigint,
               seat integer, currency text, stake bigint, amount bigint, share bigint,
               debit bigint, rate_num bigint, rate_den bigint, value_before bigint,
               value_after bigint)
LANGUAGE plpgsql SECURITY DEFINER STABLE SET search_path = splink, pg_temp AS $$
BEGIN
    PERFORM splink.check_reader(p_pool);
    RETURN QUERY SELECT w.id, w.at, w.site, w.machine, w.game, w.seat, w.currency, w.stake,
                        w.amount, w.share, w.debit, w.rate_num, w.rate_den, w.value_before,
                        w.value_after
                   FROM splink.wins w WHERE w.pool = p_pool
                  ORDER BY w.id DESC LIMIT greatest(0, least(coalesce(p_last, 25), 1000));
END
$$;

-- Who the login calling is to this controller, and the schema's version: what `link status`
-- shows.
CREATE OR REPLACE FUNCTION splink.link_version()
RETURNS TABLE (schema_version integer, login text, kind text, machine text, site text,
               pool text, server_time timestamptz)
LANGUAGE plpgsql SECURITY DEFINER STABLE SET search_path = splink, pg_temp AS $$
DECLARE
    m splink.machines;
    ver integer;
BEGIN
    SELECT value::integer INTO ver FROM splink.meta WHERE key = 'schema_version';
    SELECT * INTO m FROM splink.machines x WHERE x.role = session_user;
    IF FOUND THEN
        RETURN QUERY SELECT ver, session_user::text, 'machine'::text, m.machine, m.site, m.pool,
                            clock_timestamp();
    ELSIF splink.is_operator() THEN
        RETURN QUERY SELECT ver, session_user::text, 'operator'::text, NULL::text, NULL::text,
                            NULL::text, clock_timestamp();
    ELSE
        RETURN QUERY SELECT ver, session_user::text, 'none'::text, NULL::text, NULL::text,
                            NULL::text, clock_timestamp();
    END IF;
END
$$;

