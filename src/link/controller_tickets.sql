-- controller_tickets.sql: the floor's cash-out tickets on the controller (issue 16, item 5).
--
-- Installed by `studpoker link init` after controller.sql, controller_operator.sql and the table
-- files (table.sql, table_host.sql, table_operator.sql), in the same transaction; the same rules
-- hold (tables created when absent, functions replaced, grants given again, everything owned by
-- splink_owner, SECURITY DEFINER functions with a pinned search_path, records append-only, a
-- machine's function checks that the login calling is the machine it names, SQLSTATE class SP
-- for what a machine acts on).
--
-- What it keeps. Every cash-out ticket a linked machine prints is registered here by that machine
-- (ticket_issue, from its outbox, once per validation number): its machine, number, amount and
-- currency, when it was printed and when it expires. A ticket's fate is one row of ticket_fates,
-- keyed by its validation number: redeemed (by which machine, when, how much) or voided (by its
-- machine's operator, or by an operator of the controller). A key can hold one fate only, so a
-- ticket is paid once on the whole floor, whichever machines ask at the same instant: the
-- ticket's row is locked first, so they are put in order and the second is told where and when
-- the first was paid. Every asking is recorded too (ticket_attempts), refusals included.
--
-- The rule the machines follow: a linked machine pays no ticket before this controller has
-- marked it redeemed by that machine, its own tickets included (a ticket it printed may have
-- been paid elsewhere). When the link is down a machine takes no ticket at all.
--
-- Sending again. ticket_issue is keyed by the validation number: sent again with the same
-- figures it answers as before (replay); other figures under it are refused (SP001). A
-- redemption is keyed by (validation number, redeeming machine): the machine the controller paid
-- asking again (its answer was lost: the machine was killed between this commit and its own) is
-- told "paid" again, with replay, so it credits the ticket after a restart; the machine's own
-- store refuses a second credit of the same number. ticket_void is keyed by the validation number
-- for its own machine.
--
-- Currencies. A ticket is cash in its own currency and is paid only in it: a machine in another
-- currency is refused, with the reason ("see the cashier"). The rate table is the house's rate
-- for pool contributions, not a change office for players' cash: a rate at a machine would be
-- one the player never agreed to, rounded to the cent against them.
--
-- Notices. When another machine redeems a machine's ticket, or an operator of the controller
-- voids it, the issuing machine is told by NOTIFY on the channel sptk_<machine> (the validation
-- number as payload); it then reads the fates of its tickets it has not recorded yet
-- (ticket_untold: its rows of the queue ticket_inbox), records them in its own store and
-- confirms them (ticket_told), and so refuses its own ticket as paid elsewhere, shows it so on
-- its TICKETS page and counts it in its books.

SELECT pg_advisory_xact_lock(7310291403);

SET LOCAL ROLE splink_owner;

INSERT INTO splink.meta VALUES ('tickets_version', '1') ON CONFLICT (key) DO NOTHING;

-- Each ticket a linked machine printed, as it printed it. amount: minor units of currency.
CREATE TABLE IF NOT EXISTS splink.tickets (
    validation    text PRIMARY KEY CHECK (validation ~ '^[0-9]{18}$'),
    machine       text NOT NULL REFERENCES splink.machines,
    number        bigint NOT NULL CHECK (number > 0),
    currency      text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    amount        bigint NOT NULL CHECK (amount > 0 AND amount <= 1000000000000),
    printed_at    timestamptz NOT NULL,
    expires_at    timestamptz, -- NULL: never
    registered_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX IF NOT EXISTS tickets_machine ON splink.tickets (machine, number);

-- What became of a ticket, once. machine: the machine that redeemed it, or whose operator voided
-- it (NULL: an operator of the controller); place: where, in words (the machine's name; a ticket
-- settled on its own machine before it was registered here carries the place that machine
-- recorded, with before_link); amount and currency: what was paid (a void: the ticket's).
CREATE TABLE IF NOT EXISTS splink.ticket_fates (
    validation  text PRIMARY KEY REFERENCES splink.tickets,
    fate        text NOT NULL CHECK (fate IN ('redeemed', 'voided')),
    machine     text REFERENCES splink.machines,
    place       text NOT NULL,
    by_role     text NOT NULL,
    at          timestamptz NOT NULL DEFAULT clock_timestamp(),
    amount      bigint NOT NULL CHECK (amount > 0),
    currency    text NOT NULL,
    reason      text NOT NULL DEFAULT '',
    before_link boolean NOT NULL DEFAULT false
);

-- The fates the issuing machine has recorded in its own store (ticket_told), or knew of because
-- it made them itself (its own redemption, a fate it registered).
CREATE TABLE IF NOT EXISTS splink.ticket_told (
    validation text PRIMARY KEY REFERENCES splink.ticket_fates,
    at         timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- The fates each machine has still to be told of: a queue, not a record (ticket_told is the
-- record). A row comes with a fate the issuing machine did not make itself, and goes when that
-- machine confirms it (ticket_told), so asking what is new reads a machine's few rows, never its
-- whole history of tickets.
CREATE TABLE IF NOT EXISTS splink.ticket_inbox (
    validation text PRIMARY KEY REFERENCES splink.ticket_fates,
    machine    text NOT NULL REFERENCES splink.machines,
    at         timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX IF NOT EXISTS ticket_inbox_machine ON splink.ticket_inbox (machine, at);

-- Every redemption asked for, and the answer: a number tried at many machines shows here.
CREATE TABLE IF NOT EXISTS splink.ticket_attempts (
    id         bigserial PRIMARY KEY,
    at         timestamptz NOT NULL DEFAULT clock_timestamp(),
    validation text NOT NULL,
    machine    text NOT NULL REFERENCES splink.machines,
    currency   text NOT NULL,
    outcome    text NOT NULL,
    replay     boolean NOT NULL
);
CREATE INDEX IF NOT EXISTS ticket_attempts_validation ON splink.ticket_attempts (validation, id);

DO $triggers$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['tickets', 'ticket_fates', 'ticket_told', 'ticket_attempts'] LOOP
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

-- Every ticket with its fate, for the operators' audits.
CREATE OR REPLACE VIEW splink.tickets_now AS
SELECT t.validation, t.machine, t.number, t.currency, t.amount, t.printed_at, t.expires_at,
       t.registered_at, coalesce(f.fate, 'issued') AS fate, f.machine AS settled_by, f.place,
       f.at AS settled_at, f.amount AS settled_amount, f.reason, coalesce(f.before_link, false)
       AS before_link, (k.validation IS NOT NULL) AS told
  FROM splink.tickets t
  LEFT JOIN splink.ticket_fates f ON f.validation = t.validation
  LEFT JOIN splink.ticket_told k ON k.validation = t.validation;

-- ---- helpers ----

CREATE OR REPLACE FUNCTION splink.ticket_check_number(p_validation text) RETURNS void
LANGUAGE plpgsql IMMUTABLE SET search_path = splink, pg_temp AS $$
BEGIN
    IF p_validation IS NULL OR p_validation !~ '^[0-9]{18}$' THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('a validation number is 18 digits (got %s)',
                             coalesce(quote_literal(left(p_validation, 40)), 'NULL'));
    END IF;
END
$$;

CREATE OR REPLACE FUNCTION splink.ticket_utc(p_at timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE SET search_path = splink, pg_temp AS $$
    SELECT floor(extract(epoch FROM p_at))::bigint
$$;

-- ---- the machine functions ----

-- A ticket the machine printed, registered once. p_fate: 'issued', or for a ticket its machine
-- settled before it was registered here (printed before the machine joined the link) 'redeemed'
-- or 'voided', with when (p_fate_utc) and where (p_fate_place) the machine recorded it. Times are
-- seconds since 1970 (UTC); p_expires_utc NULL or 0: the ticket never expires.
CREATE OR REPLACE FUNCTION splink.ticket_issue(p_machine text, p_validation text, p_number bigint,
                                               p_amount bigint, p_currency text,
                                               p_printed_utc bigint, p_expires_utc bigint,
                                               p_fate text DEFAULT 'issued',
                                               p_fate_utc bigint DEFAULT NULL,
                                               p_fate_place text DEFAULT '')
RETURNS TABLE (registered_at timestamptz, replay boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = splink, pg_temp AS $$
#variable_conflict use_column
DECLARE
    m splink.machines;
    t splink.tickets;
    expires timestamptz;
BEGIN
    m := splink.caller_machine(p_machine);
    PERFORM splink.ticket_check_number(p_validation);
    IF p_number IS NULL OR p_number <= 0 OR p_amount IS NULL OR p_amount <= 0
       OR p_amount > 1000000000000 OR p_currency IS NULL OR p_currency !~ '^[A-Z]{3}$'
       OR p_printed_utc IS NULL OR p_printed_utc <= 0
       OR coalesce(p_fate, '') NOT IN ('issued', 'redeemed', 'voided') THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('a ticket needs a number > 0, an amount of 1 to 10^12 minor units, '
                             'a currency, a time printed and a fate issued, redeemed or voided '
                             '(got number %s amount %s currency %s printed %s fate %s)',
                             p_number, p_amount, p_currency, p_printed_utc, p_fate);
    END IF;
    IF coalesce(p_expires_utc, 0) > 0 THEN
        expires := to_timestamp(p_expires_utc);
    END IF;
    INSERT INTO splink.tickets (validation, machine, number, currency, amount, printed_at,
                                expires_at)
    VALUES (p_validation, m.machine, p_number, p_currency, p_amount, to_timestamp(p_printed_utc),
            expires)
    ON CONFLICT (validation) DO NOTHING
    RETURNING * INTO t;
    IF NOT FOUND THEN
        SELECT * INTO t FROM splink.tickets x WHERE x.validation = p_validation;
        IF t.machine <> m.machine OR t.number <> p_number OR t.amount <> p_amount
           OR t.currency <> p_currency OR t.printed_at <> to_timestamp(p_printed_utc) THEN
            RAISE EXCEPTION USING ERRCODE = 'SP001',
                MESSAGE = format('ticket %s is registered already as machine %s''s number %s of '
                                 '%s; machine %s''s number %s of %s under the same validation '
                                 'number is refused', p_validation, t.machine, t.number,
                                 splink.money_text(t.amount, t.currency), m.machine, p_number,
                                 splink.money_text(p_amount, p_currency));
        END IF;
        RETURN QUERY SELECT t.registered_at, true;
        RETURN;
    END IF;
    IF p_fate <> 'issued' THEN
        INSERT INTO splink.ticket_fates (validation, fate, machine, place, by_role, at, amount,
                                         currency, reason, before_link)
        VALUES (p_validation, p_fate, m.machine,
                coalesce(nullif(p_fate_place, ''), m.machine), session_user,
                CASE WHEN coalesce(p_fate_utc, 0) > 0 THEN to_timestamp(p_fate_utc)
                     ELSE clock_timestamp() END,
                p_amount, p_currency, 'settled on its machine before it joined the link', true);
        INSERT INTO splink.ticket_told (validation) VALUES (p_validation);
    END IF;
    RETURN QUERY SELECT t.registered_at, false;
END
$$;

-- A ticket offered to the machine p_machine (its money: p_currency). In one transaction: the
-- ticket's row locked (machines asking at the same instant take turns), its fate read, and when
-- it may be paid, marked redeemed by this machine. outcome:
--   paid      redeemed by this machine now, or before (replay: this machine's answer again);
--             amount in currency, which is this machine's
--   unknown   no ticket of this number is registered on the floor
--   already   redeemed by another machine (place, at_utc)
--   voided    voided (place, at_utc)
--   expired   past its expiry (at_utc: when it expired)
--   currency  a ticket in another currency (currency says which)
CREATE OR REPLACE FUNCTION splink.ticket_redeem(p_machine text, p_validation text,
                                                p_currency text)
RETURNS TABLE (outcome text, amount bigint, currency text, issuer text, number bigint,
               printed_utc bigint, place text, at_utc bigint, replay boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = splink, pg_temp AS $$
#variable_conflict use_column
DECLARE
    m splink.machines;
    t splink.tickets;
    f splink.ticket_fates;
    o text;
    again boolean := false;
BEGIN
    m := splink.caller_machine(p_machine);
    PERFORM splink.ticket_check_number(p_validation);
    IF p_currency IS NULL OR p_currency !~ '^[A-Z]{3}$' THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('a currency is three capital letters (got %s)', p_currency);
    END IF;
    SELECT * INTO t FROM splink.tickets x WHERE x.validation = p_validation FOR UPDATE;
    IF NOT FOUND THEN
        o := 'unknown';
    ELSE
        SELECT * INTO f FROM splink.ticket_fates x WHERE x.validation = p_validation;
        IF FOUND THEN
            IF f.fate = 'redeemed' AND f.machine = m.machine AND NOT f.before_link THEN
                o := 'paid';
                again := true;
            ELSE
                o := CASE WHEN f.fate = 'redeemed' THEN 'already' ELSE 'voided' END;
            END IF;
        ELSIF t.expires_at IS NOT NULL AND clock_timestamp() > t.expires_at THEN
            o := 'expired';
        ELSIF t.currency <> p_currency THEN
            o := 'currency';
        ELSE
            INSERT INTO splink.ticket_fates (validation, fate, machine, place, by_role, amount,
                                             currency)
            VALUES (p_validation, 'redeemed', m.machine, m.machine, session_user, t.amount,
                    t.currency)
            RETURNING * INTO f;
            o := 'paid';
            IF t.machine = m.machine THEN
                -- its own ticket: the machine records it with its credit
                INSERT INTO splink.ticket_told (validation) VALUES (p_validation);
            ELSE
                INSERT INTO splink.ticket_inbox (validation, machine)
                VALUES (p_validation, t.machine);
                PERFORM pg_notify('sptk_' || t.machine, p_validation);
            END IF;
        END IF;
    END IF;
    INSERT INTO splink.ticket_attempts (validation, machine, currency, outcome, replay)
    VALUES (p_validation, m.machine, p_currency, o, again);
    RETURN QUERY SELECT o,
        CASE WHEN o = 'paid' THEN f.amount ELSE coalesce(t.amount, 0) END,
        coalesce(t.currency, ''), coalesce(t.machine, ''), coalesce(t.number, 0),
        coalesce(splink.ticket_utc(t.printed_at), 0), coalesce(f.place, ''),
        coalesce(CASE WHEN o = 'expired' THEN splink.ticket_utc(t.expires_at)
                      ELSE splink.ticket_utc(f.at) END, 0),
        again;
END
$$;

-- The operator of the machine that printed a ticket voids it (lost, or paid by hand after a
-- printer fault): here first, so that no machine of the floor pays it, then in the machine's own
-- store. outcome: voided (now, or before: replay), already (redeemed: place, at_utc), unknown (not
-- registered). A machine voids only its own tickets.
CREATE OR REPLACE FUNCTION splink.ticket_void(p_machine text, p_validation text, p_reason text)
RETURNS TABLE (outcome text, place text, at_utc bigint, replay boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = splink, pg_temp AS $$
#variable_conflict use_column
DECLARE
    m splink.machines;
    t splink.tickets;
    f splink.ticket_fates;
BEGIN
    m := splink.caller_machine(p_machine);
    PERFORM splink.ticket_check_number(p_validation);
    SELECT * INTO t FROM splink.tickets x WHERE x.validation = p_validation FOR UPDATE;
    IF NOT FOUND THEN
        RETURN QUERY SELECT 'unknown'::text, ''::text, 0::bigint, false;
        RETURN;
    END IF;
    IF t.machine <> m.machine THEN
        RAISE EXCEPTION USING ERRCODE = 'SP003',
            MESSAGE = format('ticket %s is machine %s''s: machine %s voids only its own tickets',
                             p_validation, t.machine, m.machine);
    END IF;
    SELECT * INTO f FROM splink.ticket_fates x WHERE x.validation = p_validation;
    IF FOUND THEN
        RETURN QUERY SELECT CASE WHEN f.fate = 'voided' THEN 'voided' ELSE 'already' END,
                            f.place, splink.ticket_utc(f.at), true;
        RETURN;
    END IF;
    INSERT INTO splink.ticket_fates (validation, fate, machine, place, by_role, amount, currency,
                                     reason)
    VALUES (p_validation, 'voided', m.machine, m.machine, session_user, t.amount, t.currency,
            left(coalesce(p_reason, ''), 200))
    RETURNING * INTO f;
    -- the machine confirms it once recorded; its answer lost, it reads it back from here
    INSERT INTO splink.ticket_inbox (validation, machine) VALUES (p_validation, m.machine);
    RETURN QUERY SELECT 'voided'::text, f.place, splink.ticket_utc(f.at), false;
END
$$;

-- The fates of the machine's tickets that it has not recorded yet (redeemed by other machines,
-- voided by an operator of the controller, or its own void whose answer it did not write),
-- oldest first, at most 100 at a time.
CREATE OR REPLACE FUNCTION splink.ticket_untold(p_machine text)
RETURNS TABLE (validation text, fate text, place text, at_utc bigint, amount bigint,
               reason text)
LANGUAGE plpgsql SECURITY DEFINER STABLE SET search_path = splink, pg_temp AS $$
DECLARE
    m splink.machines;
BEGIN
    m := splink.caller_machine(p_machine);
    RETURN QUERY
        SELECT f.validation, f.fate, f.place, splink.ticket_utc(f.at), f.amount, f.reason
          FROM splink.ticket_inbox i
          JOIN splink.ticket_fates f ON f.validation = i.validation
         WHERE i.machine = m.machine
         ORDER BY i.at, i.validation
         LIMIT 100;
END
$$;

-- The machine has recorded these fates of its tickets: they are not given again. Returns how many
-- were newly confirmed (numbers of other machines' tickets, or with no fate, are passed over).
CREATE OR REPLACE FUNCTION splink.ticket_told(p_machine text, p_validations text[])
RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = splink, pg_temp AS $$
DECLARE
    m splink.machines;
    n integer;
BEGIN
    m := splink.caller_machine(p_machine);
    IF coalesce(cardinality(p_validations), 0) > 1000 THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002', MESSAGE = 'at most 1000 tickets at a time';
    END IF;
    INSERT INTO splink.ticket_told (validation)
    SELECT f.validation
      FROM splink.ticket_fates f JOIN splink.tickets t ON t.validation = f.validation
     WHERE f.validation = ANY (coalesce(p_validations, '{}')) AND t.machine = m.machine
    ON CONFLICT (validation) DO NOTHING;
    GET DIAGNOSTICS n = ROW_COUNT;
    DELETE FROM splink.ticket_inbox i
     WHERE i.machine = m.machine AND i.validation = ANY (coalesce(p_validations, '{}'));
    RETURN n;
END
$$;

-- ---- the operator's function (audited) ----

-- An operator of the controller voids a ticket not paid (the cashier paid it by hand, or it was
-- reported stolen): no machine pays it from then on, and its machine is told.
CREATE OR REPLACE FUNCTION splink.ticket_void_floor(p_validation text, p_reason text)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = splink, pg_temp AS $$
DECLARE
    t splink.tickets;
    f splink.ticket_fates;
BEGIN
    PERFORM splink.ticket_check_number(p_validation);
    IF p_reason IS NULL OR length(trim(p_reason)) = 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002', MESSAGE = 'a void says why';
    END IF;
    SELECT * INTO t FROM splink.tickets x WHERE x.validation = p_validation FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'SP002',
            MESSAGE = format('no ticket %s is registered on this controller', p_validation);
    END IF;
    SELECT * INTO f FROM splink.ticket_fates x WHERE x.validation = p_validation;
    IF FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'SP001',
            MESSAGE = format('ticket %s was %s at %s on %s', p_validation, f.fate, f.place, f.at);
    END IF;
    INSERT INTO splink.ticket_fates (validation, fate, machine, place, by_role, amount, currency,
                                     reason)
    VALUES (p_validation, 'voided', NULL, 'an operator of the controller', session_user, t.amount,
            t.currency, left(p_reason, 200));
    INSERT INTO splink.ticket_inbox (validation, machine) VALUES (p_validation, t.machine);
    PERFORM splink.audit_row('ticket_void', p_validation, NULL, left(p_reason, 200));
    PERFORM pg_notify('sptk_' || t.machine, p_validation);
    RETURN 'voided';
END
$$;

-- ---- who may call what ----
REVOKE ALL ON splink.tickets, splink.ticket_fates, splink.ticket_told, splink.ticket_inbox,
    splink.ticket_attempts, splink.tickets_now FROM PUBLIC;
REVOKE ALL ON FUNCTION
    splink.ticket_check_number(text),
    splink.ticket_utc(timestamptz),
    splink.ticket_issue(text, text, bigint, bigint, text, bigint, bigint, text, bigint, text),
    splink.ticket_redeem(text, text, text),
    splink.ticket_void(text, text, text),
    splink.ticket_untold(text),
    splink.ticket_told(text, text[]),
    splink.ticket_void_floor(text, text)
    FROM PUBLIC;
GRANT EXECUTE ON FUNCTION
    splink.ticket_issue(text, text, bigint, bigint, text, bigint, bigint, text, bigint, text),
    splink.ticket_redeem(text, text, text),
    splink.ticket_void(text, text, text),
    splink.ticket_untold(text),
    splink.ticket_told(text, text[])
    TO splink_machine;
GRANT EXECUTE ON FUNCTION splink.ticket_void_floor(text, text) TO splink_operator;
GRANT SELECT ON splink.tickets, splink.ticket_fates, splink.ticket_told, splink.ticket_inbox,
    splink.ticket_attempts, splink.tickets_now TO splink_operator;
RESET ROLE;
