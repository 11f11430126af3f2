import type { HTMLAttributes, ReactNode } from 'react';

export type TableColumn<Row> = {
  /** The column's heading, and each cell's label where the table shows a row as a card; one of a kind in its table. */
  label: string;
  cell: (row: Row) => ReactNode;
  className?: ((row: Row) => string | undefined) | string;
};

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | undefined };

/**
 * A history's table: rows where the page is wide, a card of labelled lines per row where it is
 * narrow. Every cell carries its column's label (`data-label`) for the stylesheet (`className`) to
 * show beside the value; the caption is for screen readers. With `hasRowHeaders` the first column
 * names its row.
 */
export function LabelledTable<Row>({
  className,
  caption,
  columns,
  rows,
  rowKey,
  rowAttributes,
  hasRowHeaders = false,
  testId,
}: {
  className: string;
  caption: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowAttributes?: (row: Row) => RowAttributes;
  hasRowHeaders?: boolean;
  testId?: string;
}) {
  return (
    <table className={className} data-testid={testId}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowAttributes?.(row)}>
            {columns.map((column, index) => {
              const cellClass = typeof column.className === 'function' ? column.className(row) : column.className;
              return hasRowHeaders && index === 0 ? (
                <th key={column.label} scope="row" className={cellClass} data-label={column.label}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.label} className={cellClass} data-label={column.label}>
                  {column.cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
