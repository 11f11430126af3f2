import type { HelpCategory } from '@platform/contracts/help';
import { foldText } from '@platform/contracts/text-folding';
import { describe, expect, it } from 'vitest';
import { feedbackChars, filterHelp, findTopic } from './help-search.ts';

const article = (id: number, key: string, title: string) => ({ id, key, title, body: '<p>x</p>', language: 'vi' });
const categories: HelpCategory[] = [
  {
    id: 1,
    key: 'deposit',
    title: 'Nạp tiền',
    articles: [article(11, 'deposit-gateway', 'Nạp qua cổng'), article(12, 'bank', 'Chuyển khoản')],
  },
  {
    id: 2,
    key: 'withdraw',
    title: 'Rút tiền',
    articles: [article(21, 'withdraw-how', 'Cách rút tiền'), article(22, 'fees', 'Phí và giới hạn')],
  },
  { id: 3, key: 'security', title: 'Bảo mật', articles: [article(31, 'passwords', 'Mật khẩu đăng nhập')] },
];

describe('help search', () => {
  it('folds accents, đ and case', () => {
    expect(foldText('  Đăng  NHẬP ')).toBe('dang nhap');
  });

  it('keeps everything for an empty query', () => {
    expect(filterHelp(categories, '  ')).toEqual(categories);
  });

  it('filters article titles by every word, without accents', () => {
    const found = filterHelp(categories, 'mat khau');
    expect(found.map((c) => c.key)).toEqual(['security']);
    expect(filterHelp(categories, 'chuyen').flatMap((c) => c.articles.map((a) => a.key))).toEqual(['bank']);
    expect(filterHelp(categories, 'phí giới')[0]?.articles.map((a) => a.key)).toEqual(['fees']);
    expect(filterHelp(categories, 'xổ số')).toEqual([]);
  });

  it('keeps a whole category whose title matches', () => {
    expect(filterHelp(categories, 'rut tien')[0]?.articles).toHaveLength(2);
  });

  it('finds a topic by article key or id, or a category key', () => {
    expect(findTopic(categories, 'fees')?.id).toBe(22);
    expect(findTopic(categories, '12')?.key).toBe('bank');
    expect(findTopic(categories, 'withdraw')?.key).toBe('withdraw-how');
    expect(findTopic(categories, 'nope')).toBeNull();
    expect(findTopic(categories, null)).toBeNull();
  });

  it('counts characters as the server does', () => {
    expect(feedbackChars(' ệ '.repeat(2))).toBe(4);
    expect(feedbackChars('e\u0302\u0323')).toBe(1);
  });
});
