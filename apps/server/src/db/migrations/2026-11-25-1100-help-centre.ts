import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE help_categories (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      key text NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      is_enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, key)
    );

    CREATE TABLE help_category_titles (
      category_id bigint NOT NULL REFERENCES help_categories(id) ON DELETE CASCADE,
      language text NOT NULL,
      title text NOT NULL,
      PRIMARY KEY (category_id, language)
    );

    CREATE TABLE help_articles (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      category_id bigint NOT NULL REFERENCES help_categories(id),
      key text NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      is_enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, key)
    );
    CREATE INDEX help_articles_category_idx ON help_articles (category_id);

    CREATE TABLE help_article_texts (
      article_id bigint NOT NULL REFERENCES help_articles(id) ON DELETE CASCADE,
      language text NOT NULL,
      title text NOT NULL,
      body_html text NOT NULL,
      PRIMARY KEY (article_id, language)
    );

    CREATE TABLE member_feedback (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      question_type text NOT NULL
        CHECK (question_type IN ('deposit', 'withdraw', 'game', 'customer_service', 'application', 'other')),
      content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 140),
      ip text,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'handled')),
      handled_by bigint,
      handled_at timestamptz,
      note text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX member_feedback_member_idx ON member_feedback (member_id, created_at);
    CREATE INDEX member_feedback_merchant_idx ON member_feedback (merchant_id, status, id);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
