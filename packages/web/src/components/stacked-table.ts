import type { TableColumnsType } from 'antd';
import './stacked-table.css';

/** The class that stacks a table's rows on phones (stacked-table.css): give it to antd's Table. */
export const STACKED_TABLE = 'll-stacked-table';

/**
 * Columns that name themselves in each cell (`data-label`), which the stacked layout shows before the value:
 * on a phone every row becomes a small card of "Column: value" lines, so every column is seen without the
 * page or the table scrolling sideways.
 */
export function stackedColumns<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  return columns.map((column) => {
    const label = typeof column.title === 'string' ? column.title : undefined;
    if (!label) return column;
    const onCell = column.onCell;
    return {
      ...column,
      onCell: (record: T, index?: number) => ({
        ...onCell?.(record, index),
        'data-label': label,
      }),
    };
  });
}
