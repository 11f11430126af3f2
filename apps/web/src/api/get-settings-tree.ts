import type { SettingsTreeNode } from '@platform/contracts/system';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client.ts';
import { systemKeys } from './system-keys.ts';

export function getSettingsTree(signal?: AbortSignal): Promise<SettingsTreeNode[]> {
  return apiGet<SettingsTreeNode[]>('/wps/system/settings', signal);
}

/** The settings tree; `isEnabled` false reads nothing (a caller that needs it only for some members). */
export function useSettingsTree(isEnabled = true) {
  return useQuery({
    queryKey: systemKeys.settingsTree(),
    queryFn: ({ signal }) => getSettingsTree(signal),
    staleTime: 5 * 60_000,
    enabled: isEnabled,
  });
}

/** True when a node with this id is switched on anywhere in the tree. */
export function isSettingOn(nodes: readonly SettingsTreeNode[] | undefined, modId: string): boolean {
  for (const node of nodes ?? []) {
    if (node.modId === modId) return node.enabled === '1';
    if (isSettingOn(node.childrenNodes, modId)) return true;
  }
  return false;
}
