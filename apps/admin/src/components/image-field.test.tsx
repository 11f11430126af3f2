import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { fakeServer, ok } from '../test/fake-server.ts';
import { ImageField } from './image-field.tsx';

const ADDRESS = `/media/${'a'.repeat(64)}.png`;
const OLDER = `/media/${'b'.repeat(64)}.webp`;

type Sent = { method: string; url: string; headers: Record<string, string>; body: FormData | null };

/**
 * Stands in for XMLHttpRequest: each request is kept, reports its upload progress, then answers
 * with the given status and envelope.
 */
function fakeUploads(answer: { status: number; body: unknown }): Sent[] {
  const sent: Sent[] = [];
  class FakeRequest {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    status = 0;
    responseText = '';
    private request: Sent = { method: '', url: '', headers: {}, body: null };
    open(method: string, url: string) {
      this.request.method = method;
      this.request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    send(body: FormData) {
      this.request.body = body;
      sent.push(this.request);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        setTimeout(() => {
          this.status = answer.status;
          this.responseText = JSON.stringify(answer.body);
          this.onload?.();
        }, 20);
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

function Harness(props: { initial?: string; onValue?: (value: string) => void }) {
  const [value, setValue] = useState(props.initial ?? '');
  return (
    <ImageField
      label="Ảnh (vi)"
      name="imageVi"
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onValue?.(next);
      }}
    />
  );
}

function renderField(props: { initial?: string; onValue?: (value: string) => void } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
}

const png = (size = 10) => new File([new Uint8Array(size)], 'card.png', { type: 'image/png' });

describe('the shared image field', () => {
  it('uploads the picked file with the bearer token, shows the progress, then holds the address and shows its preview', async () => {
    setSession({ token: 'tok', operator: { username: 'op', role: 'finance', permissions: ['media:write'] } } as never);
    fakeServer([]);
    const sent = fakeUploads({
      status: 200,
      body: {
        success: true,
        value: { address: ADDRESS, contentType: 'image/png', byteSize: 10, width: 640, height: 320, uploadedAt: '2026-11-27T00:00:00Z' },
      },
    });
    const values: string[] = [];
    const { container } = renderField({ onValue: (value) => values.push(value) });
    const user = userEvent.setup();
    await user.upload(screen.getByTestId('image-upload-imageVi'), png());
    expect(await screen.findByText('Đang tải lên… 50 %')).toBeTruthy();
    expect(await screen.findByText('Đã tải lên: 640 × 320 px. Hãy lưu biểu mẫu để dùng ảnh này.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/admin-api/media' });
    expect(sent[0]?.headers.authorization).toBe('Bearer tok');
    expect((sent[0]?.body?.get('file') as File | undefined)?.name).toBe('card.png');
    expect(values).toEqual([ADDRESS]);
    expect((screen.getByLabelText('Ảnh (vi)') as HTMLInputElement).value).toBe(ADDRESS);
    expect(container.querySelector('.image-field__preview')?.getAttribute('src')).toBe(ADDRESS);
  });

  it("shows the server's refusal in the operator's language and keeps the address as it was", async () => {
    fakeServer([]);
    fakeUploads({
      status: 400,
      body: {
        success: false,
        code: 'media_image_invalid',
        message: 'This file is not a readable PNG, JPG or WebP picture. Choose another picture.',
      },
    });
    changeLanguage('zh');
    renderField({ initial: '/promotions/old.png' });
    await userEvent.setup().upload(screen.getByTestId('image-upload-imageVi'), png());
    expect((await screen.findByRole('alert')).textContent).toBe('此文件不是可读取的 PNG、JPG 或 WebP 图片。请选择其他图片。');
    expect((screen.getByLabelText('Ảnh (vi)') as HTMLInputElement).value).toBe('/promotions/old.png');
    // Typing another address puts the refusal away.
    await userEvent.setup().type(screen.getByLabelText('Ảnh (vi)'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a file over 2 MB before sending it', async () => {
    fakeServer([]);
    const sent = fakeUploads({ status: 500, body: {} });
    renderField();
    await userEvent.setup().upload(screen.getByTestId('image-upload-imageVi'), png(2 * 1024 * 1024 + 1));
    expect((await screen.findByRole('alert')).textContent).toBe('Ảnh tối đa 2 MB. Vui lòng thu nhỏ ảnh hoặc chọn ảnh khác.');
    expect(sent).toHaveLength(0);
  });

  it('takes a typed address, previews it only once it is a valid one, and picks an uploaded picture again', async () => {
    const calls = fakeServer([
      (call) =>
        call.path.startsWith('/admin-api/media?')
          ? ok({
              list: [
                { address: ADDRESS, contentType: 'image/png', byteSize: 10, width: 640, height: 320, uploadedAt: '2026-11-27T00:00:00Z' },
                { address: OLDER, contentType: 'image/webp', byteSize: 10, width: 390, height: 844, uploadedAt: '2026-11-26T00:00:00Z' },
              ],
              pageNo: 1,
              pageSize: 12,
              totalCount: 2,
              totalPages: 1,
            })
          : undefined,
    ]);
    const { container } = renderField();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Ảnh (vi)'), 'javascript:x');
    expect(container.querySelector('.image-field__preview')).toBeNull();
    await user.clear(screen.getByLabelText('Ảnh (vi)'));
    await user.type(screen.getByLabelText('Ảnh (vi)'), '/banners/a.png');
    expect(container.querySelector('.image-field__preview')?.getAttribute('src')).toBe('/banners/a.png');

    await user.click(screen.getByRole('button', { name: 'Chọn ảnh đã tải lên' }));
    const list = await screen.findByRole('region', { name: 'Ảnh đã tải lên, mới nhất trước' });
    await user.click(await within(list).findByRole('button', { name: 'Dùng ảnh này (390 × 844 px)' }));
    expect((screen.getByLabelText('Ảnh (vi)') as HTMLInputElement).value).toBe(OLDER);
    expect(calls.some((call) => call.path === '/admin-api/media?pageNo=1&pageSize=12')).toBe(true);
  });
});
