import type { FormErrors } from '@mantine/form';
import type { TFunction } from '../i18n';
import type { z } from 'zod';
import { i18n } from '../i18n';
import { issueMessage } from './issue-message';

export interface ZodResolverOptions {
  /**
   * Fields whose nested issues show on the field itself: bulk add's text becomes a list of names,
   * and a problem with line 3 (`text.2`) is shown under the text box.
   */
  collapse?: readonly string[];
}

/** Mantine form errors (one message per field path, the first issue wins) in the language of `t`. */
export function issuesToFormErrors(
  issues: readonly z.core.$ZodIssue[],
  t: TFunction,
  options: ZodResolverOptions = {},
): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const segments = issue.path.map(String);
    const root = segments[0];
    const path = root !== undefined && options.collapse?.includes(root) ? root : segments.join('.');
    errors[path] ??= issueMessage(issue, t);
  }
  return errors;
}

/**
 * The one validation of every form: a domain schema (the one the API uses for the same fields)
 * as `useForm`'s `validate`, with each issue worded in the user's current language.
 */
export function zodResolver(schema: z.ZodType, options: ZodResolverOptions = {}) {
  return (values: unknown): FormErrors => {
    const result = schema.safeParse(values);
    return result.success ? {} : issuesToFormErrors(result.error.issues, i18n.t, options);
  };
}
