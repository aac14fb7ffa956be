import type { ReactNode } from 'react';
import './stackTable.css';

/**
 * The column name a `.stack-table` cell shows beside its value when the row becomes a card on a phone.
 * Hidden from assistive technology: the table's own column header already names the cell.
 */
export function CellLabel({ children }: { children: ReactNode }) {
  return (
    <span className="cell-label" aria-hidden="true">
      {children}
    </span>
  );
}
