import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | null };

/**
 * Rows as a CSV byte stream: pulled from `rows` only as fast as the reader takes the text (the
 * stringifier's buffer fills, the source stops being read), so an export of any length holds a
 * chunk at a time. A UTF-8 byte-order mark first, so spreadsheet programs read Vietnamese and Chinese
 * names right; quoting and escaping are csv-stringify's (RFC 4180).
 */
export function csvStream<Row>(columns: readonly CsvColumn<Row>[], rows: AsyncIterable<Row> | Iterable<Row>): Readable {
  const out = stringify({ bom: true, header: true, columns: columns.map((c) => c.header) });
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) yield columns.map((c) => c.value(row));
    })(),
  );
  pipeline(source, out, () => {
    // An error is passed on by pipeline, which destroys `out` with it; the reply then ends the response.
  });
  return out;
}

/** A date and time as ISO 8601 (UTC), or empty. */
export const isoOrEmpty = (value: Date | null) => (value ? value.toISOString() : null);
