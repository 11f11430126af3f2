import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLanguage } from './request-language.ts';

const withHeaders = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('the language of server messages', () => {
  it('is Vietnamese by default and for Vietnamese', () => {
    expect(requestLanguage(withHeaders({}))).toBe('vi');
    expect(requestLanguage(withHeaders({ lang: 'VI' }))).toBe('vi');
    expect(requestLanguage(withHeaders({ 'accept-language': 'vi-VN,vi;q=0.9' }))).toBe('vi');
  });

  it('is English for English and for every language without its own messages', () => {
    expect(requestLanguage(withHeaders({ lang: 'EN' }))).toBe('en');
    expect(requestLanguage(withHeaders({ lang: 'ar' }))).toBe('en');
    expect(requestLanguage(withHeaders({ 'accept-language': 'th-TH,th;q=0.9' }))).toBe('en');
  });

  it('takes the lang header over Accept-Language', () => {
    expect(requestLanguage(withHeaders({ lang: 'vi', 'accept-language': 'en-US' }))).toBe('vi');
  });
});
