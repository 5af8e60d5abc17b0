import { DEMO_PASSWORD } from '../../src/server/db/demo-data';

/** The seeded demo accounts by role (src/server/db/demo-data.ts). */
export const ACCOUNTS = {
  superAdmin: 'superadmin@ergoportal.example',
  admin: 'admin@ergoportal.example',
  manager: 'manager@northwind.example',
  clientManager: 'clientmanager@ergoportal.example',
  evaluator: 'evaluator@ergoportal.example',
  evaluator2: 'evaluator2@ergoportal.example',
  employee: 'employee@northwind.example',
  arcadiaEmployee: 'employee@arcadia.example',
  contosoEmployee: 'employee@contoso.example',
  fabrikamEmployee: 'employee@fabrikam.example',
  videoViewer: 'videos@northwind.example',
  newStarter: 'newstarter@northwind.example',
} as const;

export const PASSWORD = DEMO_PASSWORD;
