import { type Kysely, sql } from 'kysely';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * A round's bet record kept in step from another module's SQL function (ADR 0041), with the same
 * figures the bet-records service writes (`openRoundWithStake`, `findRound`, `addPayout`): an open
 * round's valid bet and result are 0; a settled one's valid bet is its stake unless it is a trial
 * round or the stake came back exactly, its result the payout less the stake. An outcome given
 * replaces the one stored; none keeps it. A round not found answers nulls.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A new round is inserted with its first stake (locked by the insert); a known one is locked and,
  // unless settled (then it comes back as it is, without the stake), takes the stake. The round's
  // category names its money in the ledger.
  await sql`
    CREATE FUNCTION bet_records_open_with_stake(
      p_merchant_id bigint, p_member_id bigint, p_username text, p_vendor_code text, p_game_code text, p_game_category text,
      p_round_id text, p_currency text, p_is_trial boolean, p_stake bigint, p_outcome jsonb, p_at timestamptz,
      OUT bet_record_id bigint, OUT round_status text, OUT round_category text
    ) LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO bet_records AS b (merchant_id, member_id, username, vendor_code, game_code, game_category, round_id, currency, is_trial,
                                    status, stake, bet_count, opened_at, updated_at, outcome)
      VALUES (p_merchant_id, p_member_id, p_username, p_vendor_code, p_game_code, p_game_category, p_round_id, p_currency, p_is_trial,
              'open', p_stake, 1, p_at, p_at, p_outcome)
      ON CONFLICT (vendor_code, round_id, member_id) DO NOTHING
      RETURNING b.id, b.status, b.game_category INTO bet_record_id, round_status, round_category;
      IF FOUND THEN RETURN; END IF;
      SELECT b.id, b.status, b.game_category INTO bet_record_id, round_status, round_category
        FROM bet_records b WHERE b.vendor_code = p_vendor_code AND b.round_id = p_round_id AND b.member_id = p_member_id FOR UPDATE;
      IF NOT FOUND THEN RAISE EXCEPTION 'bet record vanished after insert'; END IF;
      IF round_status = 'settled' THEN RETURN; END IF;
      UPDATE bet_records b
         SET status = 'open', stake = b.stake + p_stake, bet_count = b.bet_count + 1, valid_bet = 0, win_loss = 0, updated_at = p_at,
             outcome = coalesce(p_outcome, b.outcome)
       WHERE b.id = bet_record_id;
      round_status := 'open';
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION bet_records_round_for_update(
      p_vendor_code text, p_round_id text, p_member_id bigint,
      OUT bet_record_id bigint, OUT round_status text, OUT is_trial boolean, OUT merchant_id bigint, OUT currency text
    ) LANGUAGE plpgsql AS $$
    BEGIN
      SELECT b.id, b.status, b.is_trial, b.merchant_id, b.currency INTO bet_record_id, round_status, is_trial, merchant_id, currency
        FROM bet_records b WHERE b.vendor_code = p_vendor_code AND b.round_id = p_round_id AND b.member_id = p_member_id
         FOR UPDATE;
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION bet_records_settle(p_bet_record_id bigint, p_payout bigint, p_outcome jsonb, p_at timestamptz) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE bet_records b
         SET status = 'settled', payout = b.payout + p_payout, settled_at = coalesce(b.settled_at, p_at), updated_at = p_at,
             valid_bet = CASE WHEN b.is_trial OR b.payout + p_payout = b.stake THEN 0 ELSE b.stake END,
             win_loss = b.payout + p_payout - b.stake,
             outcome = coalesce(p_outcome, b.outcome)
       WHERE b.id = p_bet_record_id;
    END
    $$`.execute(db);
}
