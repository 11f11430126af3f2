import type { InboxTranslation } from './vi.ts';

/** English, complete: the type makes a missing key a build error. Other languages fall back to it. */
export const inboxEn: InboxTranslation = {
  title: 'Inbox',
  loading: 'Loading messages…',
  loadError: 'The messages could not be loaded.',
  retry: 'Try again',
  filter: {
    label: 'Filter messages',
    all: 'All',
    unread: 'Unread',
  },
  unreadCount: 'Unread: {{count}}',
  readAll: 'Mark all as read',
  readAllDone: 'All messages are marked as read.',
  empty: 'Your inbox is empty. Notices from the site will appear here.',
  emptyUnread: 'You have read every message.',
  unread: 'Unread',
  back: 'Back to the list',
  sentAt: 'Sent at',
  delete: 'Delete',
  deleteTitle: 'Delete message',
  deleteConfirm: 'Delete the message “{{title}}”? It will no longer be in your inbox.',
  deleteYes: 'Delete',
  deleteNo: 'Cancel',
  deleted: 'The message was deleted.',
  category: {
    system: 'System',
    promotion: 'Promotion',
    account: 'Account',
  },
  pager: {
    label: 'Message pages',
    previous: 'Previous page',
    next: 'Next page',
    position: 'Page {{page}} of {{pages}}',
  },
};
