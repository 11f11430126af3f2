import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { TABLE_OWNERS, type TableName } from '../db/table-owners.ts';

/**
 * Reads the server's source and reports where it touches the database, for the architecture tests:
 * which tables each file names (query builder calls, joins and raw SQL) and where it calls the query
 * builder at all. It parses the TypeScript syntax tree rather than matching text, so comments and
 * ordinary strings are not mistaken for queries.
 */

type TableUse = {
  file: string;
  line: number;
  table: TableName;
  access: 'read' | 'write';
  via: string;
  /** The SQL function whose body names the table, when the SQL text creates one (a migration's). */
  inFunction?: string;
};
type BuilderCall = { file: string; line: number; call: string };
type RepositoryImport = { file: string; line: number; imported: string };

export type FileUsage = {
  /** Path from `apps/server/src`, with forward slashes. */
  file: string;
  /** `modules/<name>/...` gives the module's name; db/ and seed/ are 'infrastructure'; anything else is 'app'. */
  area: string;
  tables: TableUse[];
  builderCalls: BuilderCall[];
  /** Lines that begin a transaction (`.transaction()`). */
  transactionLines: number[];
  repositoryImports: RepositoryImport[];
  /** SQL functions the file's SQL creates (`CREATE [OR REPLACE] FUNCTION name`). */
  functions: { name: string; line: number }[];
};

const TABLE_METHODS: Record<string, 'read' | 'write'> = {
  selectFrom: 'read',
  innerJoin: 'read',
  leftJoin: 'read',
  rightJoin: 'read',
  fullJoin: 'read',
  crossJoin: 'read',
  innerJoinLateral: 'read',
  leftJoinLateral: 'read',
  crossJoinLateral: 'read',
  insertInto: 'write',
  replaceInto: 'write',
  updateTable: 'write',
  deleteFrom: 'write',
  mergeInto: 'write',
};

/** Calls that start a query; `transaction()` is not one of them (services may open transactions). */
const BUILDER_METHODS = new Set(['selectFrom', 'selectNoFrom', 'insertInto', 'replaceInto', 'updateTable', 'deleteFrom', 'mergeInto']);
/**
 * Calls that refine or run a query the builder started. Outside a repository they mean a query is being
 * built from a repository's half-made one (`repo.selectX(db).where(...)`), which the start-call check
 * alone does not see. `execute()` is left out: services run transactions with it.
 */
const REFINING_METHODS = new Set([
  'where',
  'whereRef',
  'orderBy',
  'groupBy',
  'having',
  'innerJoin',
  'leftJoin',
  'clearSelect',
  'clearWhere',
  'returning',
  'onConflict',
  'executeTakeFirst',
  'executeTakeFirstOrThrow',
]);
const SQL_HELPERS = new Set(['raw', 'ref', 'lit', 'join', 'table', 'id', 'val', 'value']);

/** FROM, JOIN, INTO, UPDATE and DELETE FROM in raw SQL text; the table is kept only if the schema has it. */
const RAW_TABLE = /\b(delete\s+from|insert\s+into|update|from|join)\s+([a-z_][a-z0-9_]*)/gi;

const KNOWN_TABLES = new Set<string>(Object.keys(TABLE_OWNERS));

/** SQL text that creates a function: its name is the first group. */
const CREATE_FUNCTION = /^\s*CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+([a-z_][a-z0-9_]*)/i;

function tableOf(text: string): TableName | undefined {
  const name = text.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  return KNOWN_TABLES.has(name) ? (name as TableName) : undefined;
}

function areaOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'modules' && parts[1]) return parts[1];
  if (parts[0] === 'db' || parts[0] === 'seed') return 'infrastructure';
  return 'app';
}

function templateText(template: ts.TemplateLiteral): string {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text;
  return [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(' ? ');
}

function isSqlTag(node: ts.Expression): boolean {
  return ts.isIdentifier(node) && node.text === 'sql';
}

export function scanSource(file: string, text: string): FileUsage {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const usage: FileUsage = {
    file,
    area: areaOf(file),
    tables: [],
    builderCalls: [],
    transactionLines: [],
    repositoryImports: [],
    functions: [],
  };
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

  const rawSql = (node: ts.Node, sqlText: string, via: string) => {
    const inFunction = CREATE_FUNCTION.exec(sqlText)?.[1]?.toLowerCase();
    if (inFunction) usage.functions.push({ name: inFunction, line: lineOf(node) });
    for (const match of sqlText.matchAll(RAW_TABLE)) {
      const table = tableOf(match[2] ?? '');
      if (!table) continue;
      const keyword = (match[1] ?? '').toLowerCase();
      const access = keyword === 'from' || keyword === 'join' ? 'read' : 'write';
      usage.tables.push({ file, line: lineOf(node), table, access, via, ...(inFunction ? { inFunction } : {}) });
    }
  };

  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const imported = node.moduleSpecifier.text;
      if (imported.endsWith('.repository.ts')) usage.repositoryImports.push({ file, line: lineOf(node), imported });
    }
    if (ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag)) {
      usage.builderCalls.push({ file, line: lineOf(node), call: 'sql`…`' });
      rawSql(node, templateText(node.template), 'sql`…`');
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const target = node.expression.expression;
      if (isSqlTag(target) && SQL_HELPERS.has(method)) {
        usage.builderCalls.push({ file, line: lineOf(node), call: `sql.${method}()` });
        const first = node.arguments[0];
        if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
          if (method === 'raw') rawSql(node, first.text, 'sql.raw()');
          if (method === 'table') {
            const table = tableOf(first.text);
            if (table) usage.tables.push({ file, line: lineOf(node), table, access: 'read', via: 'sql.table()' });
          }
        }
      }
      if (method === 'transaction' && node.arguments.length === 0) usage.transactionLines.push(lineOf(node));
      if (BUILDER_METHODS.has(method) || REFINING_METHODS.has(method))
        usage.builderCalls.push({ file, line: lineOf(node), call: `${method}()` });
      const access = TABLE_METHODS[method];
      const first = node.arguments[0];
      if (access && first) {
        const names = ts.isArrayLiteralExpression(first) ? [...first.elements] : [first];
        for (const name of names) {
          if (!ts.isStringLiteral(name) && !ts.isNoSubstitutionTemplateLiteral(name)) continue;
          const table = tableOf(name.text);
          if (table) usage.tables.push({ file, line: lineOf(node), table, access, via: `${method}()` });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return usage;
}

/** Every non-test TypeScript file under `root`, as paths relative to it with forward slashes. */
function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts'))
        files.push(relative(root, path).split(sep).join('/'));
    }
  };
  walk(root);
  return files.sort();
}

export function scanTree(root: string): FileUsage[] {
  return sourceFiles(root).map((file) => scanSource(file, readFileSync(join(root, file), 'utf8')));
}
