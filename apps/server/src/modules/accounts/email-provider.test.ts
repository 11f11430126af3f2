import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpEmailProvider } from './email-provider.ts';

describe('the SMTP mail sender', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString('utf8');
        });
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers a message to the SMTP server with the sender, recipient, subject and body', async () => {
    const provider = createSmtpEmailProvider({ url: `smtp://127.0.0.1:${port}?ignoreTLS=true`, from: 'Lotus <no-reply@lotus.example>' });
    try {
      await provider.send({
        merchantId: 1,
        to: 'player@example.com',
        subject: 'Đặt lại mật khẩu',
        body: 'Mở liên kết: https://lotus.example/reset/abc',
      });
    } finally {
      provider.close();
    }
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('no-reply@lotus.example');
    expect(received[0]?.to).toEqual(['player@example.com']);
    expect(received[0]?.data).toContain('Subject: =?UTF-8?');
    expect(received[0]?.data).toContain('https://lotus.example/reset/abc');
  });

  it('fails the send when the server cannot be reached, so the caller can report it', async () => {
    const provider = createSmtpEmailProvider({ url: 'smtp://127.0.0.1:1?ignoreTLS=true', from: 'no-reply@lotus.example' });
    try {
      await expect(provider.send({ merchantId: 1, to: 'x@example.com', subject: 's', body: 'b' })).rejects.toThrow();
    } finally {
      provider.close();
    }
  });
});
