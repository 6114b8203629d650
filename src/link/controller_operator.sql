-- The linked progressive's controller, second part: the operator's functions and the grants.
-- Installed right after controller.sql, in the same transaction (embed_sql.cmake joins them).

-- ---- the operator functions (each audited) ----

-- A new pool: its currency, its seed (minor units; the house puts it in), the shares of each
-- stake that go to the prize and to the reserve (basis points: 001 says 4500 and 500) and its
-- limit (minor units, 0: none). Made again with the same figures it changes nothing; other
-- figures are refused (the seed and the limit have their own functions).
CREATE OR REPLACE FUNCTION splink.link_pool_add(p_pool text, p_currency text,
                                                p_seed_minor bigint, p_value_bp integer,
                                                p_reserve_bp integer,
                                                p_limit_minor bigint DEFAULT 0)
RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = splink, pg_temp AS $$
DECLARE
    p splink.pools;
BEGIN
    SELECT * INTO p FROM splink.pools WHERE pool = p_pool;
    IF FOUND THEN
        IF p.currency <> p_currency OR p.seed <> p_seed_minor * 10000
           OR p.value_bp <> p_value_bp OR p.reserve_bp <> p_reserve_bp
           OR p.overflow_limit <> p_limit_minor * 10000 THEN
            RAISE EXCEPTION USING ERRCODE = 'SP001',
                MESSAGE = format('pool %s exists with other figures', p_pool),
                HINT = 'change its seed with link_set_seed and its limit with link_set_limit';
        END IF;
        RETURN false;
    END IF;
    IF p_seed_minor IS NULL OR p_seed_minor < 0 OR p_limit_minor IS NULL OR p_limit_minor < 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002', MESSAGE = 'a seed and a limit are >= 0';
    END IF;
    INSERT INTO splink.pools (pool, currency, value_bp, reserve_bp, seed, overflow_limit, value,
                              base, seeded)
    VALUES (p_pool, p_currency, p_value_bp, p_reserve_bp, p_seed_minor * 10000,
            p_limit_minor * 10000, p_seed_minor * 10000, p_seed_minor * 10000,
            p_seed_minor * 10000)
    RETURNING * INTO p;
    INSERT INTO splink.announced (pool) VALUES (p_pool) ON CONFLICT (pool) DO NOTHING;
    PERFORM splink.audit_row('pool_add', p_pool, NULL,
        format('currency=%s seed=%s value_bp=%s reserve_bp=%s limit=%s', p_currency,
               p_seed_minor, p_value_bp, p_reserve_bp, p_limit_minor));
    PERFORM splink.notify_pool(p_pool, 'param', '');
    RETURN true;
END
$$;

CREATE OR REPLACE FUNCTION splink.link_site_add(p_site text, p_currency text) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = splink, pg_temp AS $$
DECLARE
    old text;
BEGIN
    SELECT currency INTO old FROM splink.sites WHERE site = p_site;
    IF FOUND THEN
        IF old <> p_currency THEN
            RAISE EXCEPTION USING ERRCODE = 'SP001',
                MESSAGE = format('site %s exists with the currency %s', p_site, old);
        END IF;
        RETURN false;
    END IF;
    INSERT INTO splink.sites VALUES (p_site, p_currency);
    PERFORM splink.audit_row('site_add', p_site, NULL, p_currency);
    RETURN true;
END
$$;

-- A machine, its site, its pool and its own login (made here, a member of splink_machine only,
-- when it does not exist yet). A login that exists must already be a machine's, of this one.
CREATE OR REPLACE FUNCTION splink.link_machine_add(p_machine text, p_site text, p_pool text,
                                                   p_role text, p_password text)
RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = splink, pg_temp AS $$
DECLARE
    m splink.machines;
BEGIN
    SELECT * INTO m FROM splink.machines WHERE machine = p_machine;
    IF FOUND THEN
        IF m.site <> p_site OR m.pool <> p_pool OR m.role <> p_role THEN
            RAISE EXCEPTION USING ERRCODE = 'SP001',
                MESSAGE = format('machine %s exists at site %s, pool %s, login %s', p_machine,
                                 m.site, m.pool, m.role);
        END IF;
        RETURN false;
    END IF;
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = p_role) THEN
        RAISE EXCEPTION USING ERRCODE = 'SP001',
            MESSAGE = format('a login %s exists already: a machine gets a login of its own',
                             p_role);
    END IF;
    IF p_password IS NULL OR length(p_password) < 8 THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = 'a machine''s login needs a password of at least 8 characters';
    END IF;
    INSERT INTO splink.machines (machine, site, pool, role) VALUES (p_machine, p_site, p_pool,
                                                                    p_role);
    INSERT INTO splink.accum (machine, pool) VALUES (p_machine, p_pool);
    EXECUTE format('CREATE ROLE %I LOGIN INHERIT PASSWORD %L IN ROLE splink_machine', p_role,
                   p_password);
    PERFORM splink.audit_row('machine_add', p_machine, NULL,
                             format('site=%s pool=%s login=%s', p_site, p_pool, p_role));
    RETURN true;
END
$$;

-- The seed applies from the next reset: the prize on show now never goes down.
CREATE OR REPLACE FUNCTION splink.link_set_seed(p_pool text, p_seed_minor bigint)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = splink, pg_temp AS $$
DECLARE
    p splink.pools;
BEGIN
    SELECT * INTO p FROM splink.pools WHERE pool = p_pool FOR NO KEY UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002', MESSAGE = format('there is no pool %s', p_pool);
    END IF;
    IF p_seed_minor IS NULL OR p_seed_minor < 0
       OR (p.overflow_limit > 0 AND p_seed_minor * 10000 > p.overflow_limit) THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('a seed is >= 0 and not above the limit (%s frac)',
                             p.overflow_limit);
    END IF;
    UPDATE splink.pools SET seed = p_seed_minor * 10000, changed_at = clock_timestamp()
     WHERE pool = p_pool RETURNING * INTO p;
    PERFORM splink.audit_row('set_seed', p_pool, (p.seed / 10000)::text, p_seed_minor::text);
    PERFORM splink.notify_pool(p_pool, 'param', '');
END
$$;

-- A limit of 0 removes it. A limit below the prize on show, or below the seed, is refused: the
-- prize never goes down except by a recorded win.
CREATE OR REPLACE FUNCTION splink.link_set_limit(p_pool text, p_limit_minor bigint)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = splink, pg_temp AS $$
DECLARE
    p splink.pools;
    old bigint;
BEGIN
    SELECT * INTO p FROM splink.pools WHERE pool = p_pool FOR NO KEY UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002', MESSAGE = format('there is no pool %s', p_pool);
    END IF;
    -- the prize on show is the row and the machines' accumulators: folded, it is the row's
    p := splink.fold(p_pool);
    IF p_limit_minor IS NULL OR p_limit_minor < 0
       OR (p_limit_minor > 0 AND (p_limit_minor * 10000 < p.value
                                  OR p_limit_minor * 10000 < p.seed)) THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('a limit is 0 (none) or at least the prize on show and the seed '
                             '(value %s, seed %s frac)', p.value, p.seed);
    END IF;
    old := p.overflow_limit;
    UPDATE splink.pools SET overflow_limit = p_limit_minor * 10000, changed_at = clock_timestamp()
     WHERE pool = p_pool RETURNING * INTO p;
    PERFORM splink.audit_row('set_limit', p_pool, (old / 10000)::text, p_limit_minor::text);
    PERFORM splink.notify_pool(p_pool, 'param', '');
END
$$;

-- One minor unit of p_currency is worth num/den minor units of p_pool_currency, from now on.
CREATE OR REPLACE FUNCTION splink.link_set_rate(p_currency text, p_pool_currency text,
                                                p_num bigint, p_den bigint)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = splink, pg_temp AS $$
DECLARE
    old text;
BEGIN
    IF p_num IS NULL OR p_den IS NULL OR p_num <= 0 OR p_den <= 0
       OR p_num > 1000000000 OR p_den > 1000000000 THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = 'a rate is num/den with each 1 to 10^9';
    END IF;
    SELECT num || '/' || den INTO old FROM splink.rates
     WHERE currency = p_currency AND pool_currency = p_pool_currency;
    INSERT INTO splink.rates (currency, pool_currency, num, den)
    VALUES (p_currency, p_pool_currency, p_num, p_den)
    ON CONFLICT (currency, pool_currency)
    DO UPDATE SET num = EXCLUDED.num, den = EXCLUDED.den, set_at = clock_timestamp();
    PERFORM splink.audit_row('set_rate', p_currency || '->' || p_pool_currency, old,
                             p_num || '/' || p_den);
END
$$;

-- ---- who may call what ----
REVOKE ALL ON ALL TABLES IN SCHEMA splink FROM PUBLIC;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA splink FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA splink FROM PUBLIC;
GRANT EXECUTE ON FUNCTION
    splink.link_contribute(text, bigint, bigint, text, integer),
    splink.link_contribute_many(text, bigint[], integer[], bigint[], text[]),
    splink.link_claim(text, bigint, bigint, text, integer),
    splink.link_claim_seats(text, bigint, integer[]),
    splink.link_announce(text, timestamptz),
    splink.link_meters(text, text),
    splink.link_wins(text, integer),
    splink.link_version()
    TO splink_machine;
GRANT EXECUTE ON FUNCTION
    splink.link_meters(text, text),
    splink.link_wins(text, integer),
    splink.link_version(),
    splink.link_pool_add(text, text, bigint, integer, integer, bigint),
    splink.link_site_add(text, text),
    splink.link_machine_add(text, text, text, text, text),
    splink.link_set_seed(text, bigint),
    splink.link_set_limit(text, bigint),
    splink.link_set_rate(text, text, bigint, bigint)
    TO splink_operator;
GRANT SELECT ON ALL TABLES IN SCHEMA splink TO splink_operator;
RESET ROLE;
