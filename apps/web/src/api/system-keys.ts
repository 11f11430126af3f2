/** Query keys of the system calls; the language is part of the key because operator texts are per language. */
export const systemKeys = {
  all: ['system'] as const,
  status: (language: string) => [...systemKeys.all, 'status', language] as const,
  whitelabel: () => [...systemKeys.all, 'whitelabel'] as const,
  settingsTree: () => [...systemKeys.all, 'settings-tree'] as const,
};
