import { isBuiltInTemplate } from '../../../../shared/mail/built-in-templates';
import type { T } from '../../../i18n/texts';

/**
 * An e-mail template by its words in the reader's language (SPEC §2 /admin/email_template): a
 * template the portal sends by `admin.template_name.<name>`, one an administrator added by the name
 * it was given.
 */
export const templateName = (t: T, name: string): string => (isBuiltInTemplate(name) ? t(`admin.template_name.${name}`) : name);
