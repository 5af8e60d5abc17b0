import { useState } from 'react';

/** The width below which a grid shows each row as a card (grid.css): a phone. */
const PHONE = '(max-width: 40rem)';

/**
 * How many rows a grid asks for at once: fewer on a phone, where each row is a card several lines
 * tall, so the page opens at a readable length and grows as the reader scrolls to its end (the next
 * page loads there). Read once when the page opens: a grid never changes its pages under the reader.
 */
export function usePhonePageSize(desktop = 100, phone = 20): number {
  const [narrow] = useState(
    () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(PHONE).matches,
  );
  return narrow ? phone : desktop;
}
