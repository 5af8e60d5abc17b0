import type { ApiCallName } from '../../generated/api';
import { dataUrl, png } from './images';

const image = dataUrl(png(4, 4), 'logo.png', 'image/png');
const csv = dataUrl(
  'first_name,last_name,email,role,client\r\nFuzz,Tester,fuzz.import@example.com,Employee,NW001\r\n',
  'users.csv',
  'text/csv',
);

/**
 * Fields that make a call's generated sample body valid, so that a battery's single broken field is
 * the only thing wrong and the body reaches the handler (src/server/api) rather than stopping at
 * the first schema rule.
 */
export const VALID_FIELDS: Partial<Record<ApiCallName, Record<string, unknown>>> = {
  admin_client_create: {
    hex_color: '#FF9500',
    secondary_hex_color: '#1A191C',
    logo_file: image,
    banner_image: image,
    company_code: 'FZ01',
  },
  admin_client_update: {
    hex_color: '#FF9500',
    secondary_hex_color: '#1A191C',
    logo_file: image,
    banner_image: image,
    company_code: 'FZ01',
  },
  admin_notification_send: { recipients: 'employee@northwind.example', attachment: dataUrl(png(2, 2), 'note.png', 'image/png') },
  admin_sso_configuration_save: { issuer: 'https://idp.example.com', saml_sso_url: 'https://idp.example.com/sso', domains: 'fuzz.example' },
  admin_user_create: {
    email: 'fuzz.user@example.com',
    password: 'a-long-enough-password-2026',
    password_confirmation: 'a-long-enough-password-2026',
  },
  admin_user_update: {
    email: 'fuzz.user@example.com',
    password: 'a-long-enough-password-2026',
    password_confirmation: 'a-long-enough-password-2026',
  },
  admin_user_group_create: { members: 'employee@northwind.example' },
  admin_user_group_update: { members: 'employee@northwind.example' },
  admin_users_import: { import_file: csv },
  admin_users_import_preview: { import_file: csv },
  admin_video_create: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
  admin_video_update: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
  change_password: { password: 'a-long-enough-password-2026', password_confirmation: 'a-long-enough-password-2026' },
  contact: { email: 'fuzz@example.com', message: 'A question about desk height for tall people.' },
  page_view: { path: '/en/blog' },
  saved_search_create: { definition: { match: 'all', conditions: [{ field: 'risk_band', op: 'equals', value: 'high' }] } },
  register: { password: 'a-long-enough-password-2026', password_confirmation: 'a-long-enough-password-2026', company_code: 'NW001' },
  reset_password: { token: 'x'.repeat(40), password: 'a-long-enough-password-2026', password_confirmation: 'a-long-enough-password-2026' },
};
