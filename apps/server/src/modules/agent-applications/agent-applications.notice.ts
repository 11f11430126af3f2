import type { MessageLanguage } from '@platform/contracts/errors';

import { escapeHtml } from '../../lib/html-escape.ts';

const TEXTS = {
  vi: {
    approved: { title: 'Đơn đăng ký đại lý đã được duyệt', lead: 'Đơn đăng ký đại lý {reference} của bạn đã được duyệt.' },
    rejected: { title: 'Kết quả đơn đăng ký đại lý', lead: 'Đơn đăng ký đại lý {reference} của bạn chưa được chấp nhận.' },
    from: 'Lời nhắn từ bộ phận đại lý:',
  },
  en: {
    approved: { title: 'Your agent application is approved', lead: 'Your agent application {reference} has been approved.' },
    rejected: { title: 'The answer to your agent application', lead: 'Your agent application {reference} was not accepted.' },
    from: 'A message from the agent team:',
  },
} as const;

/** The inbox message that carries an operator's answer to a member's application, in its language. */
export function answerNotice(
  language: MessageLanguage,
  answer: { reference: string; status: 'approved' | 'rejected'; message: string },
): { title: string; bodyHtml: string } {
  const texts = TEXTS[language];
  const lead = texts[answer.status].lead.replace('{reference}', answer.reference);
  // The operator's words are plain text, shown as written.
  const message = escapeHtml(answer.message).replace(/\n/g, '<br>');
  return { title: texts[answer.status].title, bodyHtml: `<p>${lead}</p><p>${texts.from}</p><p>${message}</p>` };
}
