import { InboxView } from '../../../features/inbox/components/inbox-view.tsx';

/** Inbox: the messages the site sends to the member, read and unread (docs/inbox.md). */
export function InboxPage() {
  return <InboxView />;
}
