import type { systemVi } from './vi.ts';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const systemEn: Shape<typeof systemVi> = {
  domain: {
    title: 'Domain check failed',
    text: "{{host}} is not one of the operator's domains. Please contact customer service for the official address.",
  },
};
