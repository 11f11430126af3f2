import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { languageTagOf, preferredOfAcceptLanguage, requestedLanguage, requestLanguage } from './request-language.ts';

const withHeaders = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('the language of server messages', () => {
  it('is Vietnamese by default and for Vietnamese', () => {
    expect(requestLanguage(withHeaders({}))).toBe('vi');
    expect(requestLanguage(withHeaders({ lang: 'VI' }))).toBe('vi');
    expect(requestLanguage(withHeaders({ 'accept-language': 'vi-VN,vi;q=0.9' }))).toBe('vi');
    expect(requestLanguage(withHeaders({ 'accept-language': '*' }))).toBe('vi');
  });

  it('is English for English and for every language without its own messages', () => {
    expect(requestLanguage(withHeaders({ lang: 'EN' }))).toBe('en');
    expect(requestLanguage(withHeaders({ lang: 'ar' }))).toBe('en');
    expect(requestLanguage(withHeaders({ 'accept-language': 'th-TH,th;q=0.9' }))).toBe('en');
  });

  it('takes the lang header over Accept-Language', () => {
    expect(requestLanguage(withHeaders({ lang: 'vi', 'accept-language': 'en-US' }))).toBe('vi');
    expect(requestLanguage(withHeaders({ lang: 'en', 'accept-language': 'vi-VN' }))).toBe('en');
  });
});

describe('the language a request asks for (lang header, else Accept-Language, else Vietnamese)', () => {
  it('reads the lang header, in lower case', () => {
    expect(requestedLanguage(withHeaders({ lang: 'th' }))).toBe('th');
    expect(requestedLanguage(withHeaders({ lang: ' ZH-CN ' }))).toBe('zh-cn');
    expect(requestedLanguage(withHeaders({ lang: 'pt-BR', 'accept-language': 'en' }))).toBe('pt-br');
  });

  it('falls back to the preferred Accept-Language, then Vietnamese', () => {
    expect(requestedLanguage(withHeaders({ 'accept-language': 'ko-KR,ko;q=0.9,en;q=0.8' }))).toBe('ko-kr');
    expect(requestedLanguage(withHeaders({ 'accept-language': 'en;q=0.5, ja;q=0.8' }))).toBe('ja');
    expect(requestedLanguage(withHeaders({}))).toBe('vi');
    expect(requestedLanguage(withHeaders({ 'accept-language': '*' }))).toBe('vi');
  });

  it('ignores what is not a language code', () => {
    expect(requestedLanguage(withHeaders({ lang: 'x' }))).toBe('vi');
    expect(requestedLanguage(withHeaders({ lang: '../etc', 'accept-language': 'en-GB' }))).toBe('en-gb');
    expect(requestedLanguage(withHeaders({ lang: 'english-language' }))).toBe('vi');
    expect(languageTagOf('vi')).toBe('vi');
    expect(languageTagOf('fil')).toBe('fil');
    expect(languageTagOf('en_US')).toBeUndefined();
    expect(languageTagOf(['vi'])).toBeUndefined();
    expect(preferredOfAcceptLanguage('en;q=0, fr;q=abc')).toBeUndefined();
    expect(preferredOfAcceptLanguage(undefined)).toBeUndefined();
  });
});
