import { PlannedPage } from '../components/planned-page.tsx';

/**
 * Inbox: the messages the site sends to the member, read and unread.
 * No call serves it yet: the page says so, and is filled in here when its calls land.
 */
export function InboxPage() {
  return <PlannedPage page="messageV2" />;
}
