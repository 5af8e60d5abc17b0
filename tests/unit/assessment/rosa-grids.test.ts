/**
 * Every cell of the five ROSA charts against the published score sheet (Sonne, Villalta & Andrews,
 * Applied Ergonomics 43 (2012) 98–108), transcribed here independently of src/ as printed: one
 * line per row, the row value first.
 */
import { describe, expect, it } from 'vitest';
import { chairChart, finalChart, monitorPhoneChart, mouseKeyboardChart, peripheralsChart } from '../../../src/shared/assessment/rosa';

function cells(table: string): { row: number; column: number; expected: number }[] {
  const lines = table
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number));
  const [header, ...rows] = lines;
  return rows.flatMap(([row, ...values]) => values.map((expected, i) => ({ row, column: header[i], expected })));
}

// Rows: seat pan height + depth. Columns: armrests + back support.
const CHAIR = `
     2 3 4 5 6 7 8 9
  2  2 2 3 4 5 6 7 8
  3  2 2 3 4 5 6 7 8
  4  3 3 3 4 5 6 7 8
  5  4 4 4 4 5 6 7 8
  6  5 5 5 5 6 7 8 9
  7  6 6 6 7 7 8 8 9
  8  7 7 7 8 8 9 9 9`;

// Rows: telephone. Columns: monitor.
const MONITOR_PHONE = `
     0 1 2 3 4 5 6 7
  0  1 1 1 2 3 4 5 6
  1  1 1 2 2 3 4 5 6
  2  1 2 2 3 3 4 6 7
  3  2 2 3 3 4 5 6 8
  4  3 3 4 4 5 6 7 8
  5  4 4 5 5 6 7 8 9
  6  5 5 6 7 8 8 9 9`;

// Rows: mouse. Columns: keyboard.
const MOUSE_KEYBOARD = `
     0 1 2 3 4 5 6 7
  0  1 1 1 2 3 4 5 6
  1  1 1 2 3 4 5 6 7
  2  1 2 2 3 4 5 6 7
  3  2 3 3 3 5 6 7 8
  4  3 4 4 5 5 6 7 8
  5  4 5 5 6 6 7 8 9
  6  5 6 6 7 7 8 8 9
  7  6 7 7 8 8 9 9 9`;

// Rows: monitor and telephone. Columns: mouse and keyboard.
const PERIPHERALS = `
     1 2 3 4 5 6 7 8 9
  1  1 2 3 4 5 6 7 8 9
  2  2 2 3 4 5 6 7 8 9
  3  3 3 3 4 5 6 7 8 9
  4  4 4 4 4 5 6 7 8 9
  5  5 5 5 5 5 6 7 8 9
  6  6 6 6 6 6 6 7 8 9
  7  7 7 7 7 7 7 7 8 9
  8  8 8 8 8 8 8 8 8 9
  9  9 9 9 9 9 9 9 9 9`;

// Rows: chair. Columns: monitor and peripherals.
const FINAL = `
      1  2  3  4  5  6  7  8  9 10
  1   1  2  3  4  5  6  7  8  9 10
  2   2  2  3  4  5  6  7  8  9 10
  3   3  3  3  4  5  6  7  8  9 10
  4   4  4  4  4  5  6  7  8  9 10
  5   5  5  5  5  5  6  7  8  9 10
  6   6  6  6  6  6  6  7  8  9 10
  7   7  7  7  7  7  7  7  8  9 10
  8   8  8  8  8  8  8  8  8  9 10
  9   9  9  9  9  9  9  9  9  9 10
  10 10 10 10 10 10 10 10 10 10 10`;

describe('ROSA chair chart (seat height + depth × armrests + back support)', () => {
  const all = cells(CHAIR);
  it('covers all 56 cells', () => expect(all).toHaveLength(56));
  it.each(all)('height+depth $row, arms+back $column → $expected', ({ row, column, expected }) => {
    expect(chairChart(row, column)).toBe(expected);
  });
});

describe('ROSA monitor and telephone chart', () => {
  const all = cells(MONITOR_PHONE);
  it('covers all 56 cells', () => expect(all).toHaveLength(56));
  it.each(all)('telephone $row, monitor $column → $expected', ({ row, column, expected }) => {
    expect(monitorPhoneChart(column, row)).toBe(expected);
  });
});

describe('ROSA mouse and keyboard chart', () => {
  const all = cells(MOUSE_KEYBOARD);
  it('covers all 64 cells', () => expect(all).toHaveLength(64));
  it.each(all)('mouse $row, keyboard $column → $expected', ({ row, column, expected }) => {
    expect(mouseKeyboardChart(row, column)).toBe(expected);
  });
});

describe('ROSA monitor and peripherals chart', () => {
  const all = cells(PERIPHERALS);
  it('covers all 81 cells', () => expect(all).toHaveLength(81));
  it.each(all)('monitor and telephone $row, mouse and keyboard $column → $expected', ({ row, column, expected }) => {
    expect(peripheralsChart(row, column)).toBe(expected);
  });
});

describe('ROSA final chart', () => {
  const all = cells(FINAL);
  it('covers all 100 cells', () => expect(all).toHaveLength(100));
  it.each(all)('chair $row, monitor and peripherals $column → $expected', ({ row, column, expected }) => {
    expect(finalChart(row, column)).toBe(expected);
  });
});

describe('sums beyond an axis are read at the chart edge', () => {
  it('a monitor sum of 8 reads the monitor-7 column', () => {
    expect(monitorPhoneChart(8, 6)).toBe(monitorPhoneChart(7, 6));
    expect(monitorPhoneChart(8, 0)).toBe(6);
  });
});
