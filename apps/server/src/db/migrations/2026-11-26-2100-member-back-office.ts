import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    -- Every login of a member, right or refused, for the back office's login list and linked accounts.
    CREATE TABLE member_logins (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      result text NOT NULL CHECK (result IN ('success', 'failed')),
      method text NOT NULL,
      ip text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX member_logins_member_idx ON member_logins (member_id, id DESC);
    CREATE INDEX member_logins_ip_idx ON member_logins (merchant_id, ip, member_id) WHERE ip IS NOT NULL;

    -- Operators' notes on a member.
    CREATE TABLE member_notes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      admin_id bigint NOT NULL,
      body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX member_notes_member_idx ON member_notes (member_id, id DESC);

    -- Member search: a name's start ignoring case, an e-mail address ignoring case.
    CREATE INDEX members_username_prefix_idx ON members (merchant_id, lower(username) text_pattern_ops);
    CREATE INDEX members_email_idx ON members (merchant_id, lower(email)) WHERE email IS NOT NULL;

    -- Every card with a number or a payee, removed ones too (search and linked accounts).
    CREATE INDEX bank_cards_number_idx ON bank_cards (merchant_id, account_number);
    CREATE INDEX bank_cards_payee_idx ON bank_cards (merchant_id, lower(account_name));

    -- The audit log by operator, by member and by action, newest first.
    CREATE INDEX audit_log_actor_idx ON audit_log (actor_type, actor_id, id);
    CREATE INDEX audit_log_subject_idx ON audit_log (subject_type, subject_id, id);
    CREATE INDEX audit_log_action_idx ON audit_log (action, id);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
