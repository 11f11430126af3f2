import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A help-centre category of a merchant; its titles per language are in help_category_titles. */
export type HelpCategoriesTable = {
  id: Generated<number>;
  merchant_id: number;
  key: string;
  sort: ColumnType<number, number | undefined, number>;
  is_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type HelpCategoryTitlesTable = {
  category_id: number;
  language: string;
  title: string;
};

/** A help article; its title and sanitised HTML body per language are in help_article_texts. */
export type HelpArticlesTable = {
  id: Generated<number>;
  merchant_id: number;
  category_id: number;
  key: string;
  sort: ColumnType<number, number | undefined, number>;
  is_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type HelpArticleTextsTable = {
  article_id: number;
  language: string;
  title: string;
  body_html: string;
};

/** A member's feedback (the feedback form), until an operator marks it handled. */
export type MemberFeedbackTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  question_type: string;
  content: string;
  ip: string | null;
  status: ColumnType<'open' | 'handled', 'open' | 'handled' | undefined, 'open' | 'handled'>;
  handled_by: number | null;
  handled_at: Date | null;
  note: string | null;
  created_at: Timestamp;
};

export type HelpTables = {
  help_categories: HelpCategoriesTable;
  help_category_titles: HelpCategoryTitlesTable;
  help_articles: HelpArticlesTable;
  help_article_texts: HelpArticleTextsTable;
  member_feedback: MemberFeedbackTable;
};
