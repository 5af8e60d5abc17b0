import type { RuleCheck } from './check-form-with';
import { emailAddress } from './email-address';

/**
 * The custom rules the public contact form uses (manifest/forms/contact.yaml): its page checks with
 * these alone, not with every rule of rules.ts, whose image and file checks would add about 3.5 kB
 * to the page (docs/architecture.md "Page weight"). A rule added to the form without its check here
 * throws (check-form-with.ts), and tests/unit/validation/check-form-with.test.ts compares the two.
 */
export const CONTACT_RULES: Readonly<Record<string, RuleCheck>> = { 'email-address': emailAddress };
