import type { HTMLAttributes, Key, ReactNode } from 'react';
import { Loader } from './Loader';
import { Pager, type PagerProps } from './Pager';
import { CellLabel } from './StackTable';

export interface DataColumn<T> {
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  /** The name beside the value when a row is a card on a phone; none for the card's heading or a plain table. */
  label?: ReactNode;
  /** Right-aligned header and cells (`.table .number`). */
  numeric?: boolean;
  /** Classes of the cells only, e.g. `cell-title`, `cell-actions`; a function when they depend on the row. */
  className?: string | ((row: T) => string);
}

/** What a row may carry besides its cells: a test id, a class, and a click or key to open it. */
export type DataRowProps = Pick<
  HTMLAttributes<HTMLTableRowElement>,
  'className' | 'tabIndex' | 'onClick' | 'onKeyDown' | 'aria-label'
> & {
  'data-testid'?: string;
};

export interface DataTableProps<T> {
  columns: ReadonlyArray<DataColumn<T>>;
  rows: readonly T[];
  rowKey: (row: T, index: number) => Key;
  rowProps?: (row: T, index: number) => DataRowProps;
  /** What an empty list says. */
  empty: ReactNode;
  /**
   * `text` (default): a muted paragraph in place of the count, the table and the pager.
   * `row`: the table keeps its headers and says it in one full-width row.
   */
  emptyAs?: 'text' | 'row';
  /** A loader in place of everything while the first page comes. */
  loading?: boolean;
  /** Classes of the table beside `table` (e.g. `pay-table`). */
  className?: string;
  /** Classes of the scroll box beside `table-scroll`. */
  scrollClassName?: string;
  caption?: string;
  /** Names the scroll box as a region keyboard users can focus to scroll it. */
  regionLabel?: string;
  /**
   * One card per row where the box is narrow (ui/stackTable.css). The table then carries explicit
   * ARIA roles, which some browsers drop once the parts are no longer display: table-*. Default true.
   */
  stack?: boolean;
  /** The line above a non-empty table (`.result-count`), e.g. "총 12건". */
  count?: ReactNode;
  pager?: PagerProps;
}

const classes = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ') || undefined;

/** A list screen's table with its count and pager, rendered as every list screen did by hand. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  rowProps,
  empty,
  emptyAs = 'text',
  loading = false,
  className,
  scrollClassName,
  caption,
  regionLabel,
  stack = true,
  count,
  pager,
}: DataTableProps<T>) {
  if (loading) return <Loader />;
  if (rows.length === 0 && emptyAs === 'text') return <p className="muted">{empty}</p>;
  // Roles only on a stacked table: a plain one keeps its native semantics without them.
  const role = (name: string) => (stack ? name : undefined);
  const region = regionLabel ? { tabIndex: 0, role: 'region', 'aria-label': regionLabel } : {};
  return (
    <>
      {count !== undefined && rows.length > 0 && <p className="result-count">{count}</p>}
      <div className={classes('table-scroll', scrollClassName)} {...region}>
        <table className={classes('table', className, stack && 'stack-table')} role={role('table')}>
          {caption !== undefined && <caption className="sr-only">{caption}</caption>}
          <thead role={role('rowgroup')}>
            <tr role={role('row')}>
              {columns.map((column, i) => (
                <th key={i} scope="col" role={role('columnheader')} className={column.numeric ? 'number' : undefined}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role={role('rowgroup')}>
            {rows.length === 0 ? (
              <tr role={role('row')}>
                <td role={role('cell')} colSpan={columns.length}>
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <tr key={rowKey(row, index)} role={role('row')} {...rowProps?.(row, index)}>
                  {columns.map((column, i) => (
                    <td
                      key={i}
                      role={role('cell')}
                      className={classes(
                        typeof column.className === 'function' ? column.className(row) : column.className,
                        column.numeric && 'number',
                      )}
                    >
                      {column.label !== undefined && <CellLabel>{column.label}</CellLabel>}
                      {column.cell(row, index)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {pager && <Pager {...pager} />}
    </>
  );
}
