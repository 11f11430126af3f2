import { type Kysely, sql } from 'kysely';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * The ledger's part of a seamless callback in one round trip (ADR 0041): SQL functions another
 * module's function may call, as it would call the ledger's service. They are the only SQL
 * functions that write ledger tables, and they write the same rows, keys and request hashes as the
 * ledger's one-statement path (`ledger.one-statement.repository.ts`), so either replays the other.
 * A function that cannot do its common case writes nothing and says so (a null id, `false`); the
 * caller then takes the service's path, which gives the precise answer. All are PL/pgSQL, whose
 * statements are planned once per connection (a SQL-language function is planned again on every call).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION ledger_member_account_id(p_member_id bigint, p_kind text, p_currency text) RETURNS bigint
    LANGUAGE plpgsql STABLE AS $$
    BEGIN
      RETURN (SELECT a.id FROM ledger_accounts a WHERE a.member_id = p_member_id AND a.kind = p_kind AND a.currency = p_currency);
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION ledger_system_account_id(p_merchant_id bigint, p_kind text, p_currency text) RETURNS bigint
    LANGUAGE plpgsql STABLE AS $$
    BEGIN
      RETURN (
        SELECT a.id FROM ledger_accounts a
         WHERE a.member_id IS NULL AND a.merchant_id = p_merchant_id AND a.kind = p_kind AND a.currency = p_currency
      );
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION ledger_balance_of(p_account_id bigint) RETURNS bigint
    LANGUAGE plpgsql STABLE AS $$
    BEGIN
      RETURN (SELECT a.balance FROM ledger_accounts a WHERE a.id = p_account_id);
    END
    $$`.execute(db);
  // A stake (code 'bet') moved from a member account to the merchant's escrow and held: the member
  // row's conditional update refuses an overdraft (then nothing is written and reservation_id is
  // null); the transfer, its two entries and the reservation follow. A taken key fails the statement.
  await sql`
    CREATE FUNCTION ledger_reserve_stake(
      p_account_id bigint, p_amount bigint, p_key text, p_reference_type text, p_reference_id text, p_at timestamptz,
      OUT reservation_id bigint, OUT balance_after bigint
    ) LANGUAGE plpgsql AS $$
    DECLARE
      v_merchant_id bigint;
      v_currency char(3);
      v_is_system boolean;
      v_escrow_id bigint;
      v_hash text;
      v_transfer_id bigint;
    BEGIN
      SELECT a.merchant_id, a.currency, a.is_system INTO v_merchant_id, v_currency, v_is_system FROM ledger_accounts a WHERE a.id = p_account_id;
      IF NOT FOUND OR v_is_system OR p_amount <= 0 THEN RETURN; END IF;
      v_escrow_id := ledger_system_account_id(v_merchant_id, 'stake_escrow', v_currency);
      IF v_escrow_id IS NULL THEN RETURN; END IF;
      v_hash := encode(sha256(convert_to('["reserve",' || p_account_id || ',' || p_amount || ',"bet",'
        || coalesce(to_json(p_reference_type)::text, 'null') || ',' || coalesce(to_json(p_reference_id)::text, 'null') || ']', 'UTF8')), 'hex');
      UPDATE ledger_accounts a SET balance = a.balance - p_amount, version = a.version + 1
       WHERE a.id = p_account_id AND NOT a.is_system AND (a.may_go_negative OR a.balance - p_amount >= 0)
      RETURNING a.balance INTO balance_after;
      IF NOT FOUND THEN RETURN; END IF;
      INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, currency, code, idempotency_key, request_hash, reference_type, reference_id, note, created_at)
      VALUES (p_account_id, v_escrow_id, p_amount, v_currency, 'stake_reserve', p_key, v_hash, p_reference_type, p_reference_id, NULL, p_at)
      RETURNING id INTO v_transfer_id;
      INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, code, created_at)
      VALUES (v_transfer_id, p_account_id, -p_amount, balance_after + p_amount, balance_after, 'stake_reserve', p_at),
             (v_transfer_id, v_escrow_id, p_amount, NULL, NULL, 'stake_reserve', p_at);
      INSERT INTO ledger_reservations (account_id, amount, currency, code, status, idempotency_key, request_hash, reserve_transfer_id, reference_type, reference_id, created_at)
      VALUES (p_account_id, p_amount, v_currency, 'bet', 'held', p_key, v_hash, v_transfer_id, p_reference_type, p_reference_id, p_at)
      RETURNING id INTO reservation_id;
    END
    $$`.execute(db);
  // A held stake settled to a house account (not the escrow) of its currency, and its win (> 0)
  // paid back to the stake's member account: the reservation is locked first, then the member row
  // (the locking path's order). Not held, another currency, or a balance past the largest exact
  // amount: nothing is written and is_settled is false.
  await sql`
    CREATE FUNCTION ledger_settle_stake(
      p_reservation_id bigint, p_house_account_id bigint, p_payout bigint, p_key text, p_at timestamptz,
      OUT is_settled boolean, OUT member_balance_after bigint
    ) LANGUAGE plpgsql AS $$
    DECLARE
      v_house_currency char(3);
      v_house_is_system boolean;
      v_house_kind text;
      v_account_id bigint;
      v_amount bigint;
      v_currency char(3);
      v_code text;
      v_status text;
      v_reserve_transfer_id bigint;
      v_reference_type text;
      v_reference_id text;
      v_escrow_id bigint;
      v_hash text;
      v_settle_id bigint;
      v_payout_id bigint;
    BEGIN
      is_settled := false;
      SELECT a.currency, a.is_system, a.kind INTO v_house_currency, v_house_is_system, v_house_kind FROM ledger_accounts a WHERE a.id = p_house_account_id;
      IF NOT FOUND OR NOT v_house_is_system OR v_house_kind = 'stake_escrow' OR p_payout < 0 THEN RETURN; END IF;
      SELECT r.account_id, r.amount, r.currency, r.code, r.status, r.reserve_transfer_id, r.reference_type, r.reference_id
        INTO v_account_id, v_amount, v_currency, v_code, v_status, v_reserve_transfer_id, v_reference_type, v_reference_id
        FROM ledger_reservations r WHERE r.id = p_reservation_id FOR UPDATE;
      IF NOT FOUND OR v_status <> 'held' OR v_currency <> v_house_currency THEN RETURN; END IF;
      SELECT t.credit_account_id INTO v_escrow_id FROM ledger_transfers t WHERE t.id = v_reserve_transfer_id;
      IF p_payout > 0 THEN
        UPDATE ledger_accounts a SET balance = a.balance + p_payout, version = a.version + 1
         WHERE a.id = v_account_id AND NOT a.is_system AND a.balance + p_payout <= 9007199254740991
        RETURNING a.balance INTO member_balance_after;
        IF NOT FOUND THEN RETURN; END IF;
      END IF;
      v_hash := encode(sha256(convert_to('["settle",' || p_reservation_id || ',' || p_house_account_id || ',' || p_payout || ',null,null]', 'UTF8')), 'hex');
      INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, currency, code, idempotency_key, request_hash, reference_type, reference_id, note, created_at)
      VALUES (v_escrow_id, p_house_account_id, v_amount, v_currency, v_code, p_key, v_hash, v_reference_type, v_reference_id, NULL, p_at)
      RETURNING id INTO v_settle_id;
      INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, code, created_at)
      VALUES (v_settle_id, v_escrow_id, -v_amount, NULL, NULL, v_code, p_at),
             (v_settle_id, p_house_account_id, v_amount, NULL, NULL, v_code, p_at);
      UPDATE ledger_reservations r SET status = 'posted', settle_transfer_id = v_settle_id, settled_at = p_at WHERE r.id = p_reservation_id;
      IF p_payout > 0 THEN
        INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, currency, code, idempotency_key, request_hash, reference_type, reference_id, note, created_at)
        VALUES (p_house_account_id, v_account_id, p_payout, v_currency, 'payout', p_key || chr(31) || 'payout', v_hash, v_reference_type, v_reference_id, NULL, p_at)
        RETURNING id INTO v_payout_id;
        INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, code, created_at)
        VALUES (v_payout_id, p_house_account_id, -p_payout, NULL, NULL, 'payout', p_at),
               (v_payout_id, v_account_id, p_payout, member_balance_after - p_payout, member_balance_after, 'payout', p_at);
      END IF;
      is_settled := true;
    END
    $$`.execute(db);
}
