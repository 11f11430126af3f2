import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminGet } from '../api/client.ts';
import { errorText } from '../i18n/i18n.ts';

/** A queue page (`pageNo`/`totalCount` or `page`/`total` paging), newest first. */
export type QueuePage<T> = { list: T[]; page: number; pages: number; total: number };

type ServerPage<T> = { list: T[]; totalCount?: number; total?: number; pageSize: number };

export const PAGE_SIZE = 20;

/** How often a screen that follows members live (a chat room, a conversation) reads again: operators are not on the members' realtime socket. */
export const LIVE_REFRESH_MS = 5_000;

/** Reads one page of a queue; the query key is the path, so filters and paging each cache apart. */
export function useQueuePage<T>(section: string, path: string) {
  return useQuery({
    queryKey: ['queue', section, path],
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<Omit<QueuePage<T>, 'page'>> => {
      const found = await adminGet<ServerPage<T>>(path);
      const total = found.totalCount ?? found.total ?? 0;
      return { list: found.list, total, pages: Math.max(1, Math.ceil(total / found.pageSize)) };
    },
  });
}

/**
 * One decision on a queue item: the call, then the queue and the navigation's counts read again.
 * `error` is the refusal's message in the operator's language.
 */
export function useDecision<V, R = unknown>(run: (value: V) => Promise<R>, onDone: (value: V, result: R) => void) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: run,
    onMutate: () => setError(null),
    onError: (failure) => setError(errorText(failure)),
    onSuccess: async (result, value) => {
      onDone(value, result);
      await client.invalidateQueries({ queryKey: ['queue'] });
      await client.invalidateQueries({ queryKey: ['counts'] });
    },
  });
  return { run: mutation.mutate, isPending: mutation.isPending, error, clearError: () => setError(null) };
}
