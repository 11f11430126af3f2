import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { shellHomeEn } from './en.ts';
import { shellHomeVi } from './vi.ts';

/**
 * The home page's and the shell's newer texts, in their own namespace. Vietnamese and English are
 * added here; the other languages come with their pack's chunk (i18n/i18n.ts).
 */
export const SHELL_HOME_NS = 'shellHome';

export function registerShellHomeTranslations(): void {
  if (!i18next.hasResourceBundle('vi', SHELL_HOME_NS)) i18next.addResourceBundle('vi', SHELL_HOME_NS, shellHomeVi);
  if (!i18next.hasResourceBundle('en', SHELL_HOME_NS)) i18next.addResourceBundle('en', SHELL_HOME_NS, shellHomeEn);
}

/**
 * The namespace's `t`. The bundles are added on first use, after i18next has started (adding them
 * before its init would be lost), so a component of the first load can use it too.
 */
export function useShellHomeTranslation() {
  registerShellHomeTranslations();
  return useTranslation(SHELL_HOME_NS);
}
