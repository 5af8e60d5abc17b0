/**
 * Demo clients, roles and accounts created by the seed (README "Demo accounts"). One password for
 * every demo account; it satisfies the password rules (15+ characters, not on the blocklist).
 */
export const DEMO_PASSWORD = 'comfortable-desk-2026';

const ALL_SECTIONS = ['Home Menu', 'Home', 'Office', 'Anywhere', 'Lab', 'Travel', 'Setup Guidelines', 'Work Better', 'Ergo Essentials'];
/** SPEC §3 site_menu_details with every item the client form edits, each text within §9's 20 characters. */
const menu = (selfAssessment: 0 | 1) => ({
  Home: { status: 1, custom_menu_text: 'Home' },
  ErgoEssentials: { status: 1, custom_menu_text: 'Ergo Essentials' },
  SetupGuidelines: { status: 1, custom_menu_text: 'Setup Guidelines' },
  WorkBetter: { status: 1, custom_menu_text: 'Work Better' },
  Videos: { status: 1, custom_menu_text: 'Videos' },
  TakeASelfAssessment: { status: selfAssessment, custom_menu_text: 'Self-Assessment' },
  RequestAnEvaluation: { status: 1, custom_menu_text: 'Request Evaluation' },
});

/** Colours: Arcadia its own, the others SPEC §9's defaults (primary #FF9500, secondary #1A191C). */
export const DEMO_CLIENTS = [
  {
    name: 'Arcadia',
    code: 'a45',
    footer: 'Arcadia wellbeing programme, powered by ErgoPortal.',
    regions: ['North America', 'Europe'],
    access: ALL_SECTIONS,
    menu: menu(1),
    seats: 500,
    colours: ['#0B6E4F', '#14213D'] as const,
  },
  {
    name: 'Northwind',
    code: 'NW01',
    footer: 'Northwind Traders ergonomics programme.',
    regions: ['North America', 'Europe', 'Asia Pacific'],
    access: ALL_SECTIONS,
    menu: menu(1),
    seats: 1200,
    colours: ['#FF9500', '#1A191C'] as const,
  },
  {
    name: 'Contoso',
    code: 'CON1',
    footer: 'Contoso healthy workplaces.',
    regions: ['Europe'],
    access: ALL_SECTIONS,
    menu: menu(0),
    seats: 300,
    colours: ['#FF9500', '#1A191C'] as const,
  },
  {
    name: 'Fabrikam',
    code: 'FAB1',
    footer: 'Fabrikam at work.',
    regions: ['Asia Pacific'],
    access: ALL_SECTIONS.filter((s) => s !== 'Travel'),
    menu: menu(1),
    seats: 150,
    colours: ['#FF9500', '#1A191C'] as const,
  },
];

const ADMIN = [
  'site-access-admin-center-view',
  'switch-client',
  'role-view',
  'role-add',
  'role-edit',
  'users-view',
  'users-edit',
  'clients-view',
  'clients-edit',
  'email-templates-view',
  'email-templates-edit',
  'send-notification-view',
  'audit-log-viewer-view',
  'blog-admin-center-view',
  'videos-edit',
];
const MANAGER = [
  'dashboard-pages-program-overview-view',
  'dashboard-pages-self-assessment-view',
  'dashboard-pages-ergo-eval-activity-view',
  'dashboard-pages-follow-up-feedback-view',
  'dashboard-pages-employee-search-view',
  'dashboard-pages-client-activity-view',
  'dashboard-pages-client-managers-view',
  'custom-search',
  'dashboard-pages-employee-help-center-view',
];
const EVALUATOR = [
  'evaluator-client-list',
  'evaluator-reports-in-review',
  'evaluator-start-new-evaluation',
  'dashboard-pages-employee-help-center-view',
];
/**
 * Our client managers (SPEC §2 Program Management): they follow the clients assigned to them, not
 * their home client, so they hold no dashboard-pages-program-overview-view (that permission makes its
 * holder their own client's programme manager, src/server/policies/client-scope.ts).
 */
const CLIENT_MANAGER = [
  'dashboard-pages-client-managers-view',
  'dashboard-pages-client-activity-view',
  'dashboard-pages-self-assessment-view',
  'dashboard-pages-ergo-eval-activity-view',
  'dashboard-pages-follow-up-feedback-view',
  'dashboard-pages-employee-search-view',
  'custom-search',
  'dashboard-pages-employee-help-center-view',
];
const EMPLOYEE = [
  'site-ergo-ally-site-view',
  'site-video-page-only-view',
  'dashboard-pages-employee-dashboard-view',
  'dashboard-pages-employee-help-center-view',
];

export const DEMO_ROLES: { name: string; display: string; description: string; permissions: readonly string[] | 'all' }[] = [
  { name: 'Super_admin', display: 'Super Admin', description: 'Every permission, including roles.', permissions: 'all' },
  { name: 'Admin', display: 'Administrator', description: 'Runs the admin center.', permissions: ADMIN },
  {
    name: 'Program_manager',
    display: 'Program Manager',
    description: 'Client programme manager: dashboards of their company.',
    permissions: MANAGER,
  },
  {
    name: 'Client_manager',
    display: 'Client Manager',
    description: 'Our staff member who looks after the programmes of the clients assigned to them.',
    permissions: CLIENT_MANAGER,
  },
  { name: 'Evaluator', display: 'Evaluator', description: 'Ergonomist conducting and reviewing evaluations.', permissions: EVALUATOR },
  { name: 'Employee', display: 'Employee', description: 'Employee of a client company.', permissions: EMPLOYEE },
  {
    name: 'Fulfilment',
    display: 'Fulfilment',
    description: 'Orders, delivers, lends and takes back the equipment the clients approved.',
    permissions: ['site-ergo-ally-site-view', 'equipment-fulfil'],
  },
  {
    name: 'Video_viewer',
    display: 'Video Viewer',
    description: 'Access to the video library only.',
    permissions: ['site-video-page-only-view'],
  },
];

export const DEMO_USERS = [
  {
    email: 'superadmin@ergoportal.example',
    first: 'Sam',
    last: 'Rivera',
    role: 'Super_admin',
    client: 'NW01',
    region: 'North America',
    switchTo: ['a45', 'CON1', 'FAB1'],
  },
  {
    email: 'admin@ergoportal.example',
    first: 'Alex',
    last: 'Morgan',
    role: 'Admin',
    client: 'NW01',
    region: 'North America',
    switchTo: ['a45', 'CON1'],
  },
  {
    email: 'manager@northwind.example',
    first: 'Maya',
    last: 'Chen',
    role: 'Program_manager',
    client: 'NW01',
    region: 'Europe',
    switchTo: [],
  },
  {
    email: 'clientmanager@ergoportal.example',
    first: 'Cleo',
    last: 'Marsh',
    role: 'Client_manager',
    client: 'NW01',
    region: 'North America',
    switchTo: [],
  },
  {
    email: 'evaluator@ergoportal.example',
    first: 'Evan',
    last: 'Okafor',
    role: 'Evaluator',
    client: 'NW01',
    region: 'Europe',
    switchTo: [],
  },
  {
    email: 'evaluator2@ergoportal.example',
    first: 'Priya',
    last: 'Raman',
    role: 'Evaluator',
    client: 'NW01',
    region: 'North America',
    switchTo: [],
  },
  {
    email: 'employee@northwind.example',
    first: 'Erin',
    last: 'Walsh',
    role: 'Employee',
    client: 'NW01',
    region: 'North America',
    switchTo: [],
  },
  { email: 'employee@arcadia.example', first: 'Ada', last: 'Lovell', role: 'Employee', client: 'a45', region: 'Europe', switchTo: [] },
  { email: 'employee@contoso.example', first: 'Carl', last: 'Nilsen', role: 'Employee', client: 'CON1', region: 'Europe', switchTo: [] },
  {
    email: 'employee@fabrikam.example',
    first: 'Fumi',
    last: 'Sato',
    role: 'Employee',
    client: 'FAB1',
    region: 'Asia Pacific',
    switchTo: [],
  },
  {
    email: 'videos@northwind.example',
    first: 'Vic',
    last: 'Patel',
    role: 'Video_viewer',
    client: 'NW01',
    region: 'North America',
    switchTo: [],
  },
  { email: 'newstarter@northwind.example', first: 'Nia', last: 'Brooks', role: 'Employee', client: 'NW01', region: null, switchTo: [] },
];

/** Clients assigned to our demo staff besides the evaluators (staff_client_assignments, by company code). */
export const DEMO_STAFF_ASSIGNMENTS = [{ email: 'clientmanager@ergoportal.example', clients: ['a45', 'CON1'] }];
