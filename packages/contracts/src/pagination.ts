import { z } from 'zod';

export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 20;

/** The spec's paging: pageNo starts at 1. */
export const pageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  });
}

export type Page<T> = { list: T[]; pageNo: number; pageSize: number; totalCount: number; totalPages: number };

export function totalPagesOf(totalCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalCount / pageSize));
}

/** The one rule from a page number (from 1) to the rows it skips. */
export function pageOffset(page: { pageNo: number; pageSize: number }): number {
  return (page.pageNo - 1) * page.pageSize;
}
