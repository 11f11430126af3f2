import { describe, expect, it } from 'vitest';
import { agentWalletEn } from '../features/agent-wallet/i18n/en.ts';
import { agentWalletVi } from '../features/agent-wallet/i18n/vi.ts';
import { appDownloadEn } from '../features/app-download/i18n/en.ts';
import { appDownloadVi } from '../features/app-download/i18n/vi.ts';
import { socialEn } from '../features/auth/i18n/social-en.ts';
import { socialVi } from '../features/auth/i18n/social-vi.ts';
import { helpEn } from '../features/help/i18n/en.ts';
import { helpVi } from '../features/help/i18n/vi.ts';
import { inboxEn } from '../features/inbox/i18n/en.ts';
import { inboxVi } from '../features/inbox/i18n/vi.ts';
import { joinEn } from '../features/join/i18n/en.ts';
import { joinVi } from '../features/join/i18n/vi.ts';
import { lotteryEn } from '../features/lottery/i18n/en.ts';
import { lotteryVi } from '../features/lottery/i18n/vi.ts';
import { speedTestEn } from '../features/speed-test/en.ts';
import { speedTestVi } from '../features/speed-test/vi.ts';
import { systemEn } from '../features/system/i18n/en.ts';
import { systemVi } from '../features/system/i18n/vi.ts';
import { recordsEn } from '../features/wallet-records/i18n/records.en.ts';
import { recordsVi } from '../features/wallet-records/i18n/records.vi.ts';
import { realityCheckEn } from '../features/wallet-records/responsible-gaming/en.ts';
import { realityCheckVi } from '../features/wallet-records/responsible-gaming/vi.ts';
import { agentCentreEn } from '../i18n/agent-centre/en.ts';
import { agentCentreVi } from '../i18n/agent-centre/vi.ts';
import { en } from '../i18n/en.ts';
import { PACK_LANGUAGES } from '../i18n/language.ts';
import { loadPack, loadShellHomePack } from '../i18n/load-pack.ts';
import { memberCentreEn } from '../i18n/member-centre/en.ts';
import { memberCentreMoneyEn } from '../i18n/member-centre/money.en.ts';
import { memberCentreMoneyVi } from '../i18n/member-centre/money.vi.ts';
import { memberCentreVi } from '../i18n/member-centre/vi.ts';
import { shellHomeEn } from '../i18n/shell-home/en.ts';
import { shellHomeVi } from '../i18n/shell-home/vi.ts';
import { vi } from '../i18n/vi.ts';

/** Every leaf key as a dotted path, so a missing key is named in the failure. */
function leafKeys(resource: object, prefix = ''): string[] {
  return Object.entries(resource).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? leafKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const lookup = (resource: object, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resource);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

// The shell's texts, and the member centre's namespace that travels with its chunk.
describe.each([
  ['the shell', vi, en],
  ['the member centre', memberCentreVi, memberCentreEn],
  ['the member centre money pages', memberCentreMoneyVi, memberCentreMoneyEn],
  ['the member centre wallet and records', recordsVi, recordsEn],
  ['the home page and the shell additions', shellHomeVi, shellHomeEn],
  ['the reality-check reminder', realityCheckVi, realityCheckEn],
  ['the lottery page', lotteryVi, lotteryEn],
  ['the speed test', speedTestVi, speedTestEn],
  ['the help centre', helpVi, helpEn],
  ['the inbox', inboxVi, inboxEn],
  ['the agent centre', agentCentreVi, agentCentreEn],
  ['the agent wallet', agentWalletVi, agentWalletEn],
  ['the site-state pages', systemVi, systemEn],
  ['the app download page', appDownloadVi, appDownloadEn],
  ['the join page', joinVi, joinEn],
  ['third-party sign-in', socialVi, socialEn],
] as const)('the translation resources of %s', (_name, vi, en) => {
  it('have the same keys in Vietnamese and English', () => {
    const viKeys = leafKeys(vi);
    const enKeys = leafKeys(en);
    expect(viKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !viKeys.includes(key))).toEqual([]);
  });

  it('have no empty text and keep the same placeholders in both languages', () => {
    for (const key of leafKeys(vi)) {
      const viText = String(lookup(vi, key));
      const enText = String(lookup(en, key));
      expect(viText.trim(), key).not.toBe('');
      expect(enText.trim(), key).not.toBe('');
      expect(placeholders(enText), key).toEqual(placeholders(viText));
    }
  });
});

/**
 * The packs translate the whole site shell: header, navigation, the account popups, errors and the
 * root views. Texts of features added after the shell (member centre pages, wallet, games) show in
 * English in these languages until a translator adds them; Vietnamese and English stay complete.
 */
const SHELL_NAMESPACES = [
  'app',
  'common',
  'nav',
  'theme',
  'pages',
  'comingSoon',
  'notFound',
  'auth',
  'fields',
  'validation',
  'account',
  'language',
  'error',
  'maintenance',
  'block',
  'home',
  'footer',
];

describe.each(PACK_LANGUAGES)('the %s pack', (language) => {
  it('has only keys that English has, each a non-empty text with the English placeholders', async () => {
    const pack = await loadPack(language);
    const enKeys = leafKeys(en);
    const packKeys = leafKeys(pack);
    expect(packKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    for (const key of packKeys) {
      const text = lookup(pack, key);
      expect(typeof text, key).toBe('string');
      expect(String(text).trim(), key).not.toBe('');
      expect(placeholders(String(text)), key).toEqual(placeholders(String(lookup(en, key))));
    }
  });

  it('translates every key of the site shell: only names that stay as in English may be left out', async () => {
    const pack = await loadPack(language);
    const missing = leafKeys(en)
      .filter((key) => SHELL_NAMESPACES.includes(key.split('.')[0] ?? ''))
      .filter((key) => lookup(pack, key) === undefined);
    const SAME_IN_EVERY_LANGUAGE = [
      'fields.qqNum',
      'fields.line',
      'fields.whatsapp',
      'fields.facebook',
      'fields.wechat',
      'language.vi',
      'language.en',
    ];
    expect(missing.filter((key) => !SAME_IN_EVERY_LANGUAGE.includes(key))).toEqual([]);
  });
});

/** The `shellHome` namespace (home page, vendor menus, right bar, footer, rankings) travels in each pack's chunk. */
describe.each(PACK_LANGUAGES)('the %s shellHome texts', (language) => {
  it('have only keys that English has, each a non-empty text with the English placeholders', async () => {
    const texts = await loadShellHomePack(language);
    const packKeys = leafKeys(texts);
    expect(packKeys.filter((key) => lookup(shellHomeEn, key) === undefined)).toEqual([]);
    for (const key of packKeys) {
      const text = lookup(texts, key);
      expect(typeof text, key).toBe('string');
      expect(String(text).trim(), key).not.toBe('');
      expect(placeholders(String(text)), key).toEqual(placeholders(String(lookup(shellHomeEn, key))));
    }
  });

  it('translate every key: only messenger names that stay as in English may be left out', async () => {
    const texts = await loadShellHomePack(language);
    const SAME_IN_EVERY_LANGUAGE = ['rightBar.telegram', 'rightBar.facebook', 'rightBar.signal'];
    const missing = leafKeys(shellHomeEn).filter((key) => lookup(texts, key) === undefined);
    expect(missing.filter((key) => !SAME_IN_EVERY_LANGUAGE.includes(key))).toEqual([]);
  });
});
