import { deflateSync } from 'node:zlib';
import { MEDIA_BYTES_MAX } from '@platform/contracts/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { multipart } from '../../../test/withdrawals-helpers.ts';
import { pictureOf } from '../../lib/image-upload.ts';

let t: TestApp;
let finance: { headers: Record<string, string> };

beforeAll(async () => {
  t = await buildTestApp();
  await createMerchant(t.database.db);
  finance = await loginAdmin(t.app, 'finance');
});

afterAll(async () => {
  await t?.close();
});

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real PNG of the given size, one colour (the seed), that any decoder reads. */
function png(width: number, height: number, seed = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([(seed * 53) & 0xff, (x * 7) & 0xff, 200], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a baseline JPEG: SOI, an APP0 segment, then the frame header with its size. */
function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A lossless WebP header with its size. */
function webp(width: number, height: number): Buffer {
  const bits = Buffer.alloc(4);
  bits.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14));
  const body = Buffer.concat([Buffer.from('VP8L', 'latin1'), Buffer.from([5, 0, 0, 0, 0x2f]), bits, Buffer.alloc(8)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length + 4);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, Buffer.from('WEBP', 'latin1'), body]);
}

async function upload(bytes: Buffer, options: { headers?: Record<string, string>; type?: string; name?: string } = {}) {
  const form = multipart([{ field: 'file', name: options.name ?? 'card.png', bytes, type: options.type ?? 'image/png' }]);
  return t.app.inject({
    method: 'POST',
    url: '/admin-api/media',
    headers: { ...(options.headers ?? finance.headers), ...form.headers },
    payload: form.payload,
  });
}

const stored = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('media_files')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('pictures by their bytes', () => {
  it('reads the type and size of a PNG, a JPEG and a WebP from their headers, and nothing else', () => {
    expect(pictureOf(png(640, 320))).toEqual({ contentType: 'image/png', width: 640, height: 320 });
    expect(pictureOf(jpeg(1200, 628))).toEqual({ contentType: 'image/jpeg', width: 1200, height: 628 });
    expect(pictureOf(webp(390, 844))).toEqual({ contentType: 'image/webp', width: 390, height: 844 });
    expect(pictureOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(pictureOf(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeUndefined();
    // A PNG signature with no header after it has no size: refused.
    expect(pictureOf(png(10, 10).subarray(0, 12))).toBeUndefined();
  });
});

describe('operator uploads', () => {
  it('stores a picture once by its content and serves it at its address for good', async () => {
    const bytes = png(320, 160, 1);
    const res = await upload(bytes, { type: 'application/octet-stream', name: 'x.gif' });
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json().value;
    expect(file).toMatchObject({ contentType: 'image/png', byteSize: bytes.length, width: 320, height: 160 });
    expect(file.address).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    const before = await stored();
    // The same bytes again: the same address, stored once.
    const again = await upload(bytes);
    expect(again.json().value.address).toBe(file.address);
    expect(await stored()).toBe(before);

    const served = await t.app.inject({ method: 'GET', url: file.address });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers.etag).toBe(`"${file.address.slice(7, 71)}"`);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    // The site's image policy allows its own addresses.
    expect(String(served.headers['content-security-policy'])).toMatch(/img-src 'self'/);
    const unchanged = await t.app.inject({ method: 'GET', url: file.address, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
    // Another extension for the same content, or an unknown hash: not found.
    expect((await t.app.inject({ method: 'GET', url: file.address.replace('.png', '.jpg') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/media/${'0'.repeat(64)}.png` })).statusCode).toBe(404);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('action', '=', 'media.uploaded')
      .where('subject_id', '=', file.address.slice(7, 71))
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit.map((a) => (a.data as { isNew: boolean }).isNew).sort()).toEqual([false, true]);
  });

  it("lists the merchant's uploads, the latest first, by pages", async () => {
    const content = await loginAdmin(t.app, 'content');
    const addresses: string[] = [];
    for (const bytes of [jpeg(1200, 628), webp(390, 844), png(40, 40, 7)]) {
      const res = await upload(bytes, { headers: content.headers });
      expect(res.statusCode, res.body).toBe(200);
      addresses.push(res.json().value.address);
    }
    expect(addresses[0]).toMatch(/\.jpg$/);
    expect(addresses[1]).toMatch(/\.webp$/);
    const page = await t.app.inject({ method: 'GET', url: '/admin-api/media?pageNo=1&pageSize=2', headers: finance.headers });
    expect(page.statusCode, page.body).toBe(200);
    const value = page.json().value;
    expect(value.totalCount).toBeGreaterThanOrEqual(3);
    expect(value.list.map((f: { address: string }) => f.address)).toEqual([addresses[2], addresses[1]]);
    expect(value.list[1]).toMatchObject({ contentType: 'image/webp', width: 390, height: 844 });
    const second = await t.app.inject({ method: 'GET', url: '/admin-api/media?pageNo=2&pageSize=2', headers: finance.headers });
    expect(second.json().value.list[0].address).toBe(addresses[0]);
  });

  it('refuses what is not a picture, an empty file and one over 2 MB with a sentence in the operator language; nothing is stored', async () => {
    const before = await stored();
    const en = { ...finance.headers, lang: 'en' };
    const text = await upload(Buffer.from('not a picture at all'), { headers: en, type: 'image/png' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      code: 'media_image_invalid',
      message: 'This file is not a readable PNG, JPG or WebP picture. Choose another picture.',
    });
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), { type: 'image/svg+xml' });
    expect(svg.json()).toMatchObject({ code: 'media_image_invalid' });
    expect(svg.json().message).toMatch(/^Tệp này không phải ảnh/);
    const empty = await upload(Buffer.alloc(0), { headers: en });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'media_image_required',
      message: 'No picture arrived. Choose a PNG, JPG or WebP picture and try again.',
    });
    const big = Buffer.concat([png(8, 8), Buffer.alloc(MEDIA_BYTES_MAX)]);
    const tooBig = await upload(big, { headers: en });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({
      code: 'media_image_too_large',
      message: 'A picture may be at most 2 MB. Make it smaller or choose another one.',
    });
    const notAForm = await t.app.inject({ method: 'POST', url: '/admin-api/media', headers: en, payload: { address: '/x.png' } });
    expect(notAForm.statusCode).toBe(400);
    expect(notAForm.json()).toMatchObject({ code: 'media_image_required' });
    expect(await stored()).toBe(before);
  });

  it('needs media:write: a risk operator may neither upload nor list', async () => {
    const risk = await loginAdmin(t.app, 'risk');
    expect((await upload(png(4, 4, 9), { headers: risk.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/media', headers: risk.headers })).statusCode).toBe(403);
  });
});
