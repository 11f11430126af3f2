import { type Kysely, sql } from 'kysely';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * The seamless wallet's debit and credit in one round trip each (ADR 0041). Each function does the
 * common case of its call in the order the service's transaction does it, and calls each owner's
 * function for its part: the game session (game-session), the vendor transaction id claimed first
 * (this module's table), the bet record (bet-records), the stake checks (responsible gaming,
 * promotions), the money (the ledger's functions, the only writers of ledger tables) and the
 * audit row (audit). It answers the call's answer, stored under the transaction id as the service
 * stores it.
 *
 * Anything else is the service's (`vendor-wallet.seamless.ts`), which gives the precise answer: a
 * function that meets such a case before writing answers null, and after writing raises SQLSTATE
 * PV001, which undoes the whole statement. Those cases: an unknown token or another vendor's, a
 * member or session that may not bet, trial play, a transaction id already taken (a repeat or a
 * conflict), a settled or missing round, a stake the responsible-gaming service must check or above
 * a bonus maximum, a stake the cash cannot cover (bonus money or a refusal), a round without a held
 * cash stake (a late win, a bonus stake), an account not created yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION vendor_wallet_debit(
      p_token_hash text, p_vendor_code text, p_transaction_id text, p_round_id text, p_game_code text, p_amount bigint,
      p_outcome jsonb, p_reference_prefix text, p_trial_account_type integer, p_with_bonus boolean, p_at timestamptz
    ) RETURNS jsonb
    LANGUAGE plpgsql AS $$
    DECLARE
      s record;
      v_account_id bigint;
      v_hash text;
      v_claim_id bigint;
      v_round record;
      v_terms record;
      v_reserved record;
      v_answer jsonb;
    BEGIN
      SELECT * INTO s FROM game_session_by_token(p_token_hash);
      IF s.session_id IS NULL OR s.vendor_code <> p_vendor_code OR s.is_trial OR s.member_status IS DISTINCT FROM 'active'
         OR s.ended_at IS NOT NULL OR s.expires_at <= p_at OR s.account_type = p_trial_account_type THEN
        RETURN NULL;
      END IF;
      v_account_id := ledger_member_account_id(s.member_id, 'player_main', s.currency);
      IF v_account_id IS NULL THEN RETURN NULL; END IF;
      v_hash := encode(sha256(convert_to('["debit",' || s.member_id || ',' || to_json(p_round_id)::text || ','
        || to_json(p_game_code)::text || ',' || p_amount || ']', 'UTF8')), 'hex');
      INSERT INTO vendor_transactions AS t (vendor_code, transaction_id, kind, state, request_hash, member_id, round_id, amount, answer, created_at)
      VALUES (p_vendor_code, p_transaction_id, 'debit', 'pending', v_hash, s.member_id, p_round_id, p_amount, NULL, p_at)
      ON CONFLICT (vendor_code, transaction_id) DO NOTHING
      RETURNING t.id INTO v_claim_id;
      IF v_claim_id IS NULL THEN RETURN NULL; END IF;
      SELECT * INTO v_round FROM bet_records_open_with_stake(s.merchant_id, s.member_id, s.username, p_vendor_code, p_game_code,
        s.game_category, p_round_id, s.currency, false, p_amount, p_outcome, p_at);
      IF v_round.round_status = 'settled' THEN RAISE SQLSTATE 'PV001' USING MESSAGE = 'the round is settled'; END IF;
      IF rg_stake_needs_check(s.member_id, p_at) THEN RAISE SQLSTATE 'PV001' USING MESSAGE = 'responsible gaming checks the stake'; END IF;
      SELECT * INTO v_terms FROM promotions_stake_terms(s.member_id, p_at);
      IF v_terms.max_stake IS NOT NULL AND p_amount > v_terms.max_stake THEN
        RAISE SQLSTATE 'PV001' USING MESSAGE = 'above a bonus maximum stake';
      END IF;
      SELECT * INTO v_reserved FROM ledger_reserve_stake(v_account_id, p_amount, 'vendor:' || p_vendor_code || ':' || p_transaction_id,
        p_reference_prefix || upper(v_round.round_category), v_round.bet_record_id::text, p_at);
      IF v_reserved.reservation_id IS NULL THEN RAISE SQLSTATE 'PV001' USING MESSAGE = 'the cash does not cover the stake'; END IF;
      v_answer := jsonb_build_object('status', 'OK',
        'balance', v_reserved.balance_after + CASE WHEN p_with_bonus THEN v_terms.available ELSE 0 END,
        'currency', s.currency, 'walletTransactionId', v_claim_id::text);
      UPDATE vendor_transactions t
         SET state = 'held', bet_record_id = v_round.bet_record_id, reservation_id = v_reserved.reservation_id,
             bonus_reservation_id = NULL, bonus_amount = 0, answer = v_answer
       WHERE t.id = v_claim_id;
      PERFORM audit_record_row('vendor', p_vendor_code, 'game.bet', 'bet_record', v_round.bet_record_id::text,
        jsonb_build_object('memberId', s.member_id, 'transactionId', p_transaction_id, 'amount', p_amount), NULL);
      RETURN v_answer;
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION vendor_wallet_credit(
      p_token_hash text, p_vendor_code text, p_transaction_id text, p_round_id text, p_game_code text, p_amount bigint,
      p_outcome jsonb, p_with_bonus boolean, p_at timestamptz
    ) RETURNS jsonb
    LANGUAGE plpgsql AS $$
    DECLARE
      s record;
      v_hash text;
      v_claim_id bigint;
      v_round record;
      v_house_id bigint;
      v_held_ids bigint[];
      v_reservation_ids bigint[];
      v_bonus_held integer;
      v_index integer;
      v_count integer;
      v_settled record;
      v_cash bigint;
      v_answer jsonb;
    BEGIN
      SELECT * INTO s FROM game_session_by_token(p_token_hash);
      IF s.session_id IS NULL OR s.vendor_code <> p_vendor_code OR s.is_trial THEN RETURN NULL; END IF;
      v_hash := encode(sha256(convert_to('["credit",' || s.member_id || ',' || to_json(p_round_id)::text || ','
        || to_json(p_game_code)::text || ',' || p_amount || ']', 'UTF8')), 'hex');
      INSERT INTO vendor_transactions AS t (vendor_code, transaction_id, kind, state, request_hash, member_id, round_id, amount, answer, created_at)
      VALUES (p_vendor_code, p_transaction_id, 'credit', 'pending', v_hash, s.member_id, p_round_id, p_amount, NULL, p_at)
      ON CONFLICT (vendor_code, transaction_id) DO NOTHING
      RETURNING t.id INTO v_claim_id;
      IF v_claim_id IS NULL THEN RETURN NULL; END IF;
      SELECT * INTO v_round FROM bet_records_round_for_update(p_vendor_code, p_round_id, s.member_id);
      IF v_round.bet_record_id IS NULL OR v_round.round_status <> 'open' OR v_round.is_trial THEN
        RAISE SQLSTATE 'PV001' USING MESSAGE = 'no open real-money round';
      END IF;
      v_house_id := ledger_system_account_id(v_round.merchant_id, 'house_revenue', v_round.currency);
      IF v_house_id IS NULL THEN RAISE SQLSTATE 'PV001' USING MESSAGE = 'no house account yet'; END IF;
      -- The round's held stakes, locked in id order (as the service locks them).
      WITH held AS (
        SELECT t.id, t.reservation_id, t.bonus_reservation_id
          FROM vendor_transactions t WHERE t.bet_record_id = v_round.bet_record_id AND t.state = 'held'
         ORDER BY t.id FOR UPDATE
      )
      SELECT array_agg(held.id ORDER BY held.id), array_agg(held.reservation_id ORDER BY held.id),
             count(*) FILTER (WHERE held.bonus_reservation_id IS NOT NULL OR held.reservation_id IS NULL)
        INTO v_held_ids, v_reservation_ids, v_bonus_held FROM held;
      v_count := coalesce(array_length(v_held_ids, 1), 0);
      IF v_count = 0 OR v_bonus_held > 0 THEN RAISE SQLSTATE 'PV001' USING MESSAGE = 'no held cash stake only'; END IF;
      -- Every held stake goes to the house; the win is paid once, with the last.
      FOR v_index IN 1..v_count LOOP
        SELECT * INTO v_settled FROM ledger_settle_stake(v_reservation_ids[v_index], v_house_id,
          CASE WHEN v_index = v_count THEN p_amount ELSE 0 END,
          'vendor:' || p_vendor_code || ':' || p_transaction_id || '#r' || v_reservation_ids[v_index], p_at);
        IF NOT v_settled.is_settled THEN RAISE SQLSTATE 'PV001' USING MESSAGE = 'a held stake did not settle'; END IF;
        IF v_index = v_count THEN v_cash := v_settled.member_balance_after; END IF;
      END LOOP;
      PERFORM bet_records_settle(v_round.bet_record_id, p_amount, p_outcome, p_at);
      IF v_cash IS NULL THEN v_cash := ledger_balance_of(ledger_member_account_id(s.member_id, 'player_main', s.currency)); END IF;
      IF p_with_bonus THEN v_cash := v_cash + (SELECT st.available FROM promotions_stake_terms(s.member_id, p_at) st); END IF;
      v_answer := jsonb_build_object('status', 'OK', 'balance', v_cash, 'currency', s.currency, 'walletTransactionId', v_claim_id::text);
      UPDATE vendor_transactions t SET state = 'settled' WHERE t.id = ANY (v_held_ids);
      UPDATE vendor_transactions t SET state = 'done', bet_record_id = v_round.bet_record_id, answer = v_answer WHERE t.id = v_claim_id;
      PERFORM audit_record_row('vendor', p_vendor_code, 'game.win', 'bet_record', v_round.bet_record_id::text,
        jsonb_build_object('memberId', s.member_id, 'transactionId', p_transaction_id, 'amount', p_amount), NULL);
      RETURN v_answer;
    END
    $$`.execute(db);
}
