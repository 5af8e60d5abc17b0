import type { HandlerTable } from '../routes/types';
import { overviewHandlers } from './overview-handlers';

/** Every call of the programme dashboards (README.md). */
export const dashboardHandlers: HandlerTable = { ...overviewHandlers };
