import type { ApiResponse } from '../../../../generated/api-types';
import { bareFinding } from '../../../shared/equipment/equipment-rules';

export type Offer = ApiResponse<'equipment_offers'>['items'][number];

/** The offers that answer one finding or recommendation key (the full key or its bare finding id). */
export const offersFor = (offers: readonly Offer[], key: string) =>
  offers.filter((o) => o.answers.includes(key) || o.answers.includes(bareFinding(key)));
