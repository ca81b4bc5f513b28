/**
 * A table at desktop width and, at phone width, one card per row with each column's label beside its
 * value, so nothing scrolls sideways (as the users list does with its cards). Each column names its
 * header once and renders its cell for both layouts; the hidden layout is `display: none`, so screen
 * readers and the keyboard meet each row once.
 */
import { Fragment, type ReactNode } from "react";
import { Table, td } from "./ui.js";

export interface Column<R> {
  header: ReactNode;
  cell: (row: R) => ReactNode;
  /** Classes of the desktop cell (the default `td` padding is kept). */
  className?: string;
  /** The card shows this column as its title line, without a label (usually the name or id). */
  title?: boolean;
}

export function ResponsiveTable<R>({ caption, columns, rows, rowKey }: { caption: string; columns: Column<R>[]; rows: R[]; rowKey: (row: R) => string }) {
  const title = columns.find((c) => c.title);
  return (
    <>
      <ul aria-label={caption} className="flex flex-col gap-2 sm:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="min-w-0 rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800">
            {title && <div className="mb-1 font-medium break-all">{title.cell(row)}</div>}
            <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] items-center gap-x-3 gap-y-1">
              {columns.filter((c) => c !== title).map((column, i) => (
                <Fragment key={i}>
                  <dt className="text-xs text-zinc-600 dark:text-zinc-400">{column.header}</dt>
                  <dd className="min-w-0 break-words">{column.cell(row)}</dd>
                </Fragment>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table caption={caption} head={columns.map((c) => c.header)}>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, i) => (
                <td key={i} className={column.className ? `${td} ${column.className}` : td}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </Table>
      </div>
    </>
  );
}
