import i18next from 'i18next';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from './i18n.ts';
import { registerShellHomeTranslations, SHELL_HOME_NS } from './shell-home/register-translations.ts';

const stored = new Map<string, string>([['lang', 'fr']]);
vi.stubGlobal('window', {
  localStorage: { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => stored.set(key, value) },
});
vi.stubGlobal('document', { documentElement: { lang: '', dir: '' } });
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('a pack language', () => {
  it('brings its shellHome texts with its pack, at start-up and on a change', async () => {
    await initI18n();
    expect(i18next.t('winners.title', { ns: SHELL_HOME_NS })).toBe('Tableau des gagnants');
    expect(i18next.t('ranking.range', { ns: SHELL_HOME_NS, from: '01/11', to: '07/11' })).toBe('Du 01/11 au 07/11');
    expect(i18next.t('common.close')).toBe('Fermer');

    await changeLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18next.t('winners.title', { ns: SHELL_HOME_NS })).toBe('لوحة الفائزين');
    // A messenger name no pack translates shows in English, once the shell has added vi and en.
    registerShellHomeTranslations();
    expect(i18next.t('rightBar.telegram', { ns: SHELL_HOME_NS })).toBe('Telegram');
  });
});
