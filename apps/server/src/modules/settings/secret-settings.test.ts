import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineSetting, type SettingDefinition } from './settings.service.ts';

/**
 * A setting whose value holds a secret (a client secret, a key, a password, a token) must say how
 * to mask it: operators read settings through the console and the audit log keeps every change, so
 * a setting without `redact` would show its secret to both. Found on the source: every module file
 * that calls `defineSetting(` is loaded and each exported definition's schema is walked for a
 * property whose name says it is a secret.
 */

const MODULES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECRET_NAME = /secret|password|passwd|private.?key|api.?key|token|signing.?key/i;

function definingFiles(): string[] {
  const files: string[] = [];
  for (const folder of readdirSync(MODULES_DIR, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const file of readdirSync(path.join(MODULES_DIR, folder.name))) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const full = path.join(MODULES_DIR, folder.name, file);
      if (full === fileURLToPath(import.meta.url)) continue;
      if (/\bdefineSetting\(/.test(readFileSync(full, 'utf8')) && !full.endsWith(path.join('settings', 'settings.service.ts'))) {
        files.push(full);
      }
    }
  }
  return files.sort();
}

function isDefinition(value: unknown): value is SettingDefinition<z.ZodType> {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.key === 'string' && candidate.schema instanceof z.ZodType && 'defaultValue' in candidate;
}

/** String properties anywhere in a JSON schema whose names look like secrets (a flag or a count about passwords is not one). */
function secretProperties(schema: unknown, at = ''): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      for (const [name, inner] of Object.entries(value as Record<string, unknown>)) {
        if (SECRET_NAME.test(name) && isString(inner)) found.push(`${at}${name}`);
        found.push(...secretProperties(inner, `${at}${name}.`));
      }
    } else {
      found.push(...secretProperties(value, at));
    }
  }
  return found;
}

function isString(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const node = schema as { type?: unknown; anyOf?: unknown[] };
  return node.type === 'string' || (Array.isArray(node.anyOf) && node.anyOf.some(isString));
}

function secretsOf(def: SettingDefinition<z.ZodType>): string[] {
  return secretProperties(z.toJSONSchema(def.schema, { io: 'input', unrepresentable: 'any' }));
}

describe('settings that hold secrets', () => {
  it('finds a secret in a schema, however deep', () => {
    const plain = defineSetting('t.plain', z.object({ limit: z.number(), passwordMaxAgeDays: z.number(), names: z.array(z.string()) }), {
      limit: 1,
      passwordMaxAgeDays: 0,
      names: [],
    });
    const nested = defineSetting(
      't.nested',
      z.object({ providers: z.array(z.object({ key: z.string(), clientSecret: z.string().optional() })) }),
      {
        providers: [],
      },
    );
    expect(secretsOf(plain)).toEqual([]);
    expect(secretsOf(nested)).toEqual(['providers.clientSecret']);
  });

  it('declare how they are masked for operators and the audit log', async () => {
    const files = definingFiles();
    expect(files.length).toBeGreaterThan(10);
    const definitions: { file: string; def: SettingDefinition<z.ZodType> }[] = [];
    for (const file of files) {
      const loaded = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      for (const value of Object.values(loaded)) if (isDefinition(value)) definitions.push({ file, def: value });
    }
    expect(definitions.length).toBeGreaterThan(10);
    // The walk reaches the settings that do hold secrets (the sign-in providers' client secrets).
    expect(definitions.filter(({ def }) => secretsOf(def).length > 0).map(({ def }) => def.key)).toContain('socialSignIn.providers');
    const problems = definitions
      .filter(({ def }) => secretsOf(def).length > 0 && !(def.redact && def.restore))
      .map(({ file, def }) => `${path.relative(MODULES_DIR, file)}: ${def.key} holds ${secretsOf(def).join(', ')} without redact/restore`);
    expect(problems).toEqual([]);
  });
});
