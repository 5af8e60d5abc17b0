import type { KeyboardEvent } from 'react';

/** Rows a Page Up or Page Down moves. */
const PAGE_ROWS = 10;

/**
 * Moving between a grid's cells from the keyboard (WAI-ARIA APG "Data Grid", keyboard interaction):
 * the arrow keys move one cell, Home and End to the row's first and last cell (with Ctrl: the grid's
 * first and last), Page Up and Page Down ten rows. A cell holding a link or a button gives it the
 * focus, so Enter opens it; otherwise the cell itself takes the focus and a screen reader reads it.
 *
 * @example
 *   <table role="grid" onKeyDown={moveInGrid}>…</table>
 */
export function moveInGrid(e: KeyboardEvent<HTMLTableElement>): void {
  const table = e.currentTarget;
  const cell = (e.target as HTMLElement).closest('th, td') as HTMLTableCellElement | null;
  const row = cell?.parentElement as HTMLTableRowElement | null | undefined;
  if (!cell || !row || !table.contains(row)) return;
  const last = table.rows.length - 1;
  let [r, c] = [row.rowIndex, cell.cellIndex];
  switch (e.key) {
    case 'ArrowUp':
      r -= 1;
      break;
    case 'ArrowDown':
      r += 1;
      break;
    case 'ArrowLeft':
      c -= 1;
      break;
    case 'ArrowRight':
      c += 1;
      break;
    case 'PageUp':
      r -= PAGE_ROWS;
      break;
    case 'PageDown':
      r += PAGE_ROWS;
      break;
    case 'Home':
      [r, c] = [e.ctrlKey ? 0 : r, 0];
      break;
    case 'End':
      [r, c] = [e.ctrlKey ? last : r, Number.MAX_SAFE_INTEGER];
      break;
    default:
      return;
  }
  const to = table.rows[Math.min(Math.max(r, 0), last)];
  const target = to?.cells[Math.min(Math.max(c, 0), to.cells.length - 1)];
  if (!target) return;
  e.preventDefault();
  (target.querySelector<HTMLElement>('a[href], button') ?? target).focus();
}
