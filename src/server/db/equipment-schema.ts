import type { ColumnType, Generated } from 'kysely';

/** Kysely types of migration 035 (equipment catalogue and requests), joined into `Database` in schema.ts. */
type Created = ColumnType<Date, Date | string | undefined, Date | string>;
type Maybe<T> = ColumnType<T | null, T | null | undefined, T | null>;
type MaybeTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface EquipmentItemsTable {
  id: Generated<number>;
  client_id: number;
  slug: string;
  category: string;
  price_cents: number;
  currency: string;
  supplier_ref: Generated<string>;
  mode: 'bought' | 'loaned';
  stock: Maybe<number>;
  loan_days: Maybe<number>;
  image: Generated<string>;
  answers: ColumnType<string[], string[] | undefined, string[]>;
  active: Generated<boolean>;
  created_at: Created;
  updated_at: Created;
}

export interface EquipmentItemTextsTable {
  item_id: number;
  language: string;
  name: string;
  description: Generated<string>;
}

export interface EquipmentRequestsTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  item_id: number;
  action_id: Maybe<number>;
  quantity: Generated<number>;
  unit_price_cents: number;
  currency: string;
  mode: 'bought' | 'loaned';
  delivery_address: Maybe<string>;
  desk_location: Maybe<string>;
  note: Maybe<string>;
  state: Generated<string>;
  auto_approved: Generated<boolean>;
  decided_by: Maybe<number>;
  decided_at: MaybeTime;
  decline_reason: Maybe<string>;
  fulfilled_by: Maybe<number>;
  ordered_at: MaybeTime;
  delivered_at: MaybeTime;
  loaned_at: MaybeTime;
  loan_due_at: MaybeTime;
  returned_at: MaybeTime;
  overdue_reminded_at: MaybeTime;
  created_at: Created;
  updated_at: Created;
}

export interface EquipmentTables {
  equipment_items: EquipmentItemsTable;
  equipment_item_texts: EquipmentItemTextsTable;
  equipment_requests: EquipmentRequestsTable;
}
