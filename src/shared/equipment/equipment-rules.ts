import { equipmentWorkflow, type EquipmentState, type EquipmentTransitionName } from '../../../generated/workflows';
import { minorDigits } from '../money/money';

/**
 * Equipment (docs/product.md "Equipment"; manifest/workflows/equipment.yaml): the catalogue's
 * categories and modes, the request states and steps as codes, and money as the reader sees it. Money is
 * kept in minor units (cents) with its ISO 4217 currency (migration 035, src/shared/money/), never as a float. The API
 * sends codes; the browser words them with `equipment.category.<key>`, `equipment.status.<state>` and
 * `equipment.transition.<name>`.
 */

/** The catalogue's categories; migration 035's CHECK equipment_items_category lists the same (tests/api/schema-drift.test.ts). */
export const EQUIPMENT_CATEGORIES = ['seating', 'desk', 'screen', 'input', 'laptop', 'lighting', 'lab', 'travel', 'other'] as const;
export type EquipmentCategory = (typeof EQUIPMENT_CATEGORIES)[number];

/** bought: the employee keeps it; loaned: lent from stock for the item's loan days, then returned. */
export const EQUIPMENT_MODES = ['bought', 'loaned'] as const;
export type EquipmentMode = (typeof EQUIPMENT_MODES)[number];

export const EQUIPMENT_STATES: readonly EquipmentState[] = equipmentWorkflow.states.map((s) => s.key);

/** A request still under way: one per employee and item (migration 035's index equipment_requests_live). */
export const LIVE_EQUIPMENT_STATES = ['requested', 'approved', 'ordered'] as const satisfies readonly EquipmentState[];

/** Spend counts what the client has agreed to pay for: approved and everything after it, never requested or declined. */
export const SPENT_STATES = ['approved', 'ordered', 'delivered', 'loaned', 'returned'] as const satisfies readonly EquipmentState[];

/** The programme manager's decisions and fulfilment's steps (the buttons of each page). */
export const DECISIONS = ['approve', 'decline'] as const satisfies readonly EquipmentTransitionName[];
export const FULFIL_STEPS = ['order', 'deliver', 'lend', 'take_back'] as const satisfies readonly EquipmentTransitionName[];

/** The transition's declaration (its `from`, `to`, permission, requirements and e-mail). */
export const equipmentTransition = (name: EquipmentTransitionName) => equipmentWorkflow.transitions.find((t) => t.name === name)!;

/** Longest note or reason, in characters (migration 035's CHECKs say the same). */
export const EQUIPMENT_NOTE_MAX = 2000;
export const QUANTITY_MAX = 10;

/** An amount in minor units as the reader's locale writes it in the currency (e.g. "€49.00", "¥4,900"). */
export function formatMoney(cents: number, currency: string, locale = 'en'): string {
  const digits = minorDigits(currency);
  const value = cents / 10 ** digits;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  } catch {
    return `${value.toFixed(digits)} ${currency}`;
  }
}

/** The interface keys that word a category, a state and a step. */
export const equipmentCategoryKey = (category: string) => `equipment.category.${category as EquipmentCategory}` as const;
export const equipmentStateKey = (state: EquipmentState) => `equipment.status.${state}` as const;
export const equipmentTransitionKey = (name: EquipmentTransitionName) => `equipment.transition.${name}` as const;

/** The bare finding id of a finding key (`office:laptop.no_external` → `laptop.no_external`), which catalogue items may name instead. */
export const bareFinding = (key: string) => (key.startsWith('recommendation:') ? key : key.slice(key.indexOf(':') + 1));
