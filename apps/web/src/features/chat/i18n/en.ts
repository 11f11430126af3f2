import type { ChatTranslation } from './vi.ts';

/** English, complete: the type makes a missing key a build error. Other languages fall back to it. */
export const chatEn: ChatTranslation = {
  title: 'Chat room',
  close: 'Close the chat room',
  loading: 'Loading messages…',
  loadError: 'The messages could not be loaded.',
  retry: 'Try again',
  older: 'Show older messages',
  empty: 'No messages yet. Be the first to say hello!',
  messages: 'Messages in the room',
  you: 'You',
  inputLabel: 'Message',
  placeholder: 'Type a message, press Enter to send',
  send: 'Send',
  sending: 'Sending…',
  counter: '{{count}}/{{max}}',
  counterLabel: '{{count}} of {{max}} characters typed',
  newMessages: 'New messages',
  unread: '{{count}} unread messages',
  loginNeeded: 'Please log in to join the chat room.',
  login: 'Log in',
  trialRefused: 'Trial accounts cannot use the chat room. Please register an official account.',
  rules: 'Be polite. Never share passwords or personal details.',
};
