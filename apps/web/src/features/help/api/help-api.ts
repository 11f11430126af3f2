import type { FeedbackRequest, HelpCenter } from '@platform/contracts/help';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client.ts';

export const helpKeys = {
  centre: (language: string) => ['help', 'centre', language] as const,
};

/** GET /wps/system/helpCenter in the page's language (the server falls back to vi, then en). */
export function useHelpCenter(language: string) {
  return useQuery({
    queryKey: helpKeys.centre(language),
    queryFn: ({ signal }) => apiGet<HelpCenter>(`/wps/system/helpCenter?language=${encodeURIComponent(language)}`, signal),
    staleTime: 5 * 60_000,
  });
}

type SentFeedback = { id: number; questionType: string; content: string; createdAt: string };

/** PUT /wps/feedback with the member's session. */
export function useSendFeedback() {
  return useMutation({ mutationFn: (body: FeedbackRequest) => apiSend<SentFeedback>('PUT', '/wps/feedback', body) });
}
