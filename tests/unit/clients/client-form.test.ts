import { describe, expect, it } from 'vitest';
import { contentSections } from '../../../generated/content-sections';
import { forms } from '../../../generated/forms';
import { siteMenu } from '../../../generated/menus';
import { MENU_FIELDS } from '../../../src/server/api/clients/client-record';

type Properties = Record<string, { items?: { enum?: string[] }; default?: unknown; maxLength?: number }>;
const properties = forms.client.schema.properties as unknown as Properties;

describe('the client form stays in step with the manifest', () => {
  it('offers exactly the content sections of manifest/content-sections.yaml as the access list', () => {
    expect(properties.access_list.items?.enum).toEqual([...contentSections]);
  });

  it('has a text and a status for every item of the signed-in menu (SPEC §2 Menus), with defaults that fit 20 characters', () => {
    expect(Object.values(MENU_FIELDS).sort()).toEqual(siteMenu.map((item) => item.key).sort());
    for (const field of Object.keys(MENU_FIELDS)) {
      expect(properties[field].maxLength, field).toBe(20);
      expect(String(properties[field].default).length, field).toBeLessThanOrEqual(20);
      expect(properties[`${field}_status`].default, field).toBe(1);
      expect(forms.client.schema.required).toEqual(expect.arrayContaining([field, `${field}_status`]));
    }
  });
});
