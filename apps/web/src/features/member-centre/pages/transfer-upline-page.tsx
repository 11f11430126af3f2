import { PlannedPage } from '../components/planned-page.tsx';

/**
 * Transfer to upline: an agent moves funds to the parent agent, with a note.
 * No call serves it yet: the page says so, and is filled in here when its calls land.
 */
export function TransferUplinePage() {
  return <PlannedPage page="transferUpline" />;
}
