import { type Kysely, sql } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * The permissions each role held when roles became sets of permissions: what the routes allowed
 * before (a copy, not an import: a migration never changes with the code).
 */
const ROLES: Record<string, readonly string[]> = {
  finance: [
    'member:read',
    'adjustment:read',
    'adjustment:request',
    'adjustment:decide',
    'deposit:read',
    'deposit:confirm',
    'deposit-channel:write',
    'withdrawal:read',
    'withdrawal:approve',
    'withdrawal:pay',
    'vip:read',
    'vip:write',
    'vip:settle',
    'agent-contract:read',
    'agent-contract:write',
    'agent-contract:settle',
    'report:read',
    'report:reconcile',
  ],
  risk: [
    'member:read',
    'member:upline',
    'member:lock',
    'member:unlock',
    'member:force-password',
    'member:label',
    'member:transfer-permissions',
    'label:read',
    'label:write',
    'vip:read',
    'agent-contract:read',
    'report:read',
    'report:reconcile',
    'kyc:read',
    'kyc:review',
    'game:read',
    'game:write',
    'lottery:read',
    'lottery:config',
    'lottery:result',
    'lottery:confirm',
    'chat:read',
    'chat:moderate',
    'chat:rooms',
    'settings:read',
  ],
  support: [
    'member:read',
    'member:create',
    'member:upline',
    'member:unlock',
    'member:force-password',
    'member:label',
    'label:read',
    'adjustment:read',
    'vip:read',
    'agent-contract:read',
    'agent-application:read',
    'agent-application:answer',
    'content:read',
    'content:write',
    'help:read',
    'help:write',
    'feedback:handle',
    'inbox:read',
    'inbox:write',
    'chat:read',
    'chat:moderate',
    'support-chat:read',
    'support-chat:reply',
  ],
  content: ['content:read', 'content:write', 'help:read', 'help:write', 'inbox:read', 'inbox:write', 'chat:read', 'chat:moderate'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE admin_roles (
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      code text NOT NULL,
      -- The administrator's list is not read: it holds every permission.
      permissions jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(permissions) = 'array'),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by bigint REFERENCES admin_users(id),
      PRIMARY KEY (merchant_id, code)
    );
    INSERT INTO admin_roles (merchant_id, code) SELECT id, 'administrator' FROM merchants;
  `,
  );
  for (const [code, permissions] of Object.entries(ROLES)) {
    await sql`INSERT INTO admin_roles (merchant_id, code, permissions) SELECT id, ${code}, ${JSON.stringify(permissions)}::jsonb FROM merchants`.execute(
      db,
    );
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
