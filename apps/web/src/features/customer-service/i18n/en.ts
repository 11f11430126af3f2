import type { CustomerServiceTranslation } from './vi.ts';

/** English, complete: the type makes a missing key a build error. Other languages fall back to it. */
export const customerServiceEn: CustomerServiceTranslation = {
  title: 'Customer service',
  vipTitle: 'VIP customer service',
  loading: 'Loading messages…',
  loadError: 'The messages could not be loaded.',
  retry: 'Try again',
  older: 'Show older messages',
  empty: 'How can we help? Write to us and our staff will answer here.',
  closedNote: 'Your previous conversation has ended. Write to start a new one.',
  messages: 'Messages with customer service',
  you: 'You',
  staff: 'Customer service',
  inputLabel: 'Message',
  placeholder: 'Type a message, press Enter to send',
  send: 'Send',
  sending: 'Sending…',
  unread: '{{count}} unread messages from customer service',
  loginNeeded: 'Please log in to chat with customer service.',
  trialRefused: 'Trial accounts cannot chat with customer service. Please register an official account.',
  login: 'Log in',
  popupBlocked: 'The browser blocked the new window. Allow pop-ups for this site and try again.',
  openFailed: 'Customer service could not be opened. Please try again in a few minutes.',
  dismiss: 'Dismiss',
};
