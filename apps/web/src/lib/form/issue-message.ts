import {
  FORM_MESSAGES,
  PENALTY_ONLY_MESSAGE,
  PENALTY_REQUIRED_MESSAGE,
  PASSWORD_RULES,
  TEXT_MESSAGES,
  errors,
  type PasswordRule,
  type TextProblem,
} from '@teamshuffle/domain';
import type { TranslationKey, TFunction } from '../i18n';
import type { z } from 'zod';
import { DOMAIN_PLACEHOLDER, templateValues } from '../template-values';

// How a zod issue from a domain schema becomes a message in the user's language. The domain
// words every refusal in English, as the API answers it; the form shows the same words in English
// and their translation otherwise. Three ways, in this order:
//   1. a known domain message (the catalogue's, the schemas' field wording such as 'Please enter
//      a name'), matched as a template so its figures ({max}) carry over;
//   2. the text rule's problem (`params.textProblem`: required, too_long, bad_characters);
//   3. a password-policy breach (`params.passwordRules`), worded rule by rule.
// Anything else (a schema without domain wording) gets the API's generic 'Invalid input.'.

/** Translation keys a form message can have (each exists in en.ts and ko.ts, checked by tsc). */
export type FormMessageKey =
  | 'validation.text.required'
  | 'validation.text.tooLong'
  | 'validation.text.badCharacters'
  | 'validation.nameRequired'
  | 'validation.nameTooLong'
  | 'validation.memberNameRequired'
  | 'validation.passwordRules'
  | 'validation.invalid'
  | 'auth.validation.invalidEmail'
  | 'auth.validation.emailFirst'
  | 'auth.validation.passwordsDoNotMatch'
  | 'auth.phone.invalidNumber'
  | 'auth.phone.invalidCode'
  | 'profile.delete.passwordRequired'
  | 'profile.delete.mismatch'
  | 'workspace.settingsPanel.nameUnchanged'
  | 'teamFormation.bulk.empty'
  | 'workspaces.numberModal.invalid'
  | 'assignments.validation.titleRequired'
  | 'assignments.form.maxSizeHint'
  | 'assignments.validation.typesRequired'
  | 'assignments.validation.typesOnce'
  | 'assignments.validation.windowOrder'
  | 'assignments.validation.scoreRange'
  | 'assignments.validation.bulkEmpty'
  | 'lectureNotes.form.errors.taskTitleRequired'
  | 'lectureNotes.form.errors.weekRange'
  | 'lectureNotes.form.errors.sizeWhole'
  | 'lectureNotes.form.errors.sizeRange'
  | 'lectureNotes.grading.scoreRange'
  | 'lateRules.validation.percentRange'
  | 'lateRules.validation.graceRange'
  | 'lateRules.validation.penaltyRequired'
  | 'lateRules.validation.penaltyOnly';

// tsc refuses a FormMessageKey that is not a key of the translations.
const _keysExist: FormMessageKey extends TranslationKey ? true : never = true;

/**
 * Every domain message a form can show, with its translation key. The English of each key equals
 * the message (placeholders `{max}` as `{{max}}`): a unit test holds both to that.
 */
export const DOMAIN_FORM_MESSAGES: readonly { message: string; key: FormMessageKey }[] = [
  // The text rule's own words (TextRule without field wording).
  { message: TEXT_MESSAGES.required, key: 'validation.text.required' },
  { message: TEXT_MESSAGES.too_long, key: 'validation.text.tooLong' },
  { message: TEXT_MESSAGES.bad_characters, key: 'validation.text.badCharacters' },
  // Field wording of domain schemas: resultTitle, the snapshot's member name, the e-mail rule of
  // leaderEmailsInput and memberEmailsInput.
  { message: 'Please enter a name', key: 'validation.nameRequired' },
  { message: 'The name can be at most {max} characters', key: 'validation.nameTooLong' },
  { message: 'A member needs a name', key: 'validation.memberNameRequired' },
  { message: 'Please enter a valid email address', key: 'auth.validation.invalidEmail' },
  // The error catalogue (spec part 1, section 5).
  { message: errors.email_required.message, key: 'auth.validation.emailFirst' },
  { message: errors.passwords_do_not_match.message, key: 'auth.validation.passwordsDoNotMatch' },
  { message: errors.password_required.message, key: 'profile.delete.passwordRequired' },
  { message: errors.delete_confirmation_mismatch.message, key: 'profile.delete.mismatch' },
  { message: errors.invalid_phone_number.message, key: 'auth.phone.invalidNumber' },
  // Form-only checks (FORM_MESSAGES in the domain).
  { message: FORM_MESSAGES.otpCode, key: 'auth.phone.invalidCode' },
  { message: FORM_MESSAGES.titleUnchanged, key: 'workspace.settingsPanel.nameUnchanged' },
  { message: FORM_MESSAGES.bulkNamesRequired, key: 'teamFormation.bulk.empty' },
  { message: FORM_MESSAGES.teamNumber, key: 'workspaces.numberModal.invalid' },
  // Assignments (spec part 2, section 5): assignmentInput's field wording, the score and bulk rules.
  { message: errors.title_required.message, key: 'assignments.validation.titleRequired' },
  {
    message: 'Set the maximum file size for submissions (1-100 MB)',
    key: 'assignments.form.maxSizeHint',
  },
  { message: 'Choose at least one file type', key: 'assignments.validation.typesRequired' },
  { message: 'Each file type only once', key: 'assignments.validation.typesOnce' },
  { message: 'The end must not be before the start', key: 'assignments.validation.windowOrder' },
  { message: errors.score_out_of_range.message, key: 'assignments.validation.scoreRange' },
  { message: errors.bulk_evaluation_empty.message, key: 'assignments.validation.bulkEmpty' },
  // Lecture notes (spec part 2, section 5): lectureNoteInput's and taskInput's field wording (the
  // note title and the file types share the assignments' words above).
  {
    message: errors.task_title_required.message,
    key: 'lectureNotes.form.errors.taskTitleRequired',
  },
  { message: 'The week must be from {min} to {max}', key: 'lectureNotes.form.errors.weekRange' },
  { message: 'Enter a whole number of MB', key: 'lectureNotes.form.errors.sizeWhole' },
  { message: 'Enter a size from {min} to {max} MB', key: 'lectureNotes.form.errors.sizeRange' },
  // A bulk row's score out of 0..max (bulkScoreMessage; issue 25): both bulk dialogs.
  { message: 'Score must be between 0 and {max}', key: 'lectureNotes.grading.scoreRange' },
  // Late rules (issue 26, decision 0030): the late-rule fields of assignments and tasks.
  {
    message: 'Enter a whole percent from {min} to {max}',
    key: 'lateRules.validation.percentRange',
  },
  { message: 'Enter whole minutes from {min} to {max}', key: 'lateRules.validation.graceRange' },
  { message: PENALTY_REQUIRED_MESSAGE, key: 'lateRules.validation.penaltyRequired' },
  { message: PENALTY_ONLY_MESSAGE, key: 'lateRules.validation.penaltyOnly' },
];

const TEXT_PROBLEM_KEYS: Record<TextProblem, FormMessageKey> = {
  required: 'validation.text.required',
  too_long: 'validation.text.tooLong',
  bad_characters: 'validation.text.badCharacters',
};

/** A message's translation: the key and the values of its placeholders. */
export type IssueTranslation = { key: FormMessageKey; values: Record<string, string | number> };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isTextProblem(value: unknown): value is TextProblem {
  return value === 'required' || value === 'too_long' || value === 'bad_characters';
}

function isPasswordRule(value: unknown): value is PasswordRule {
  return (PASSWORD_RULES as readonly unknown[]).includes(value);
}

/** The translation of an issue, or null for one the app has no words for. */
export function issueTranslation(issue: z.core.$ZodIssue): IssueTranslation | null {
  const params: unknown = 'params' in issue ? issue.params : undefined;
  if (isRecord(params) && Array.isArray(params['passwordRules'])) {
    return { key: 'validation.passwordRules', values: {} };
  }
  for (const { message, key } of DOMAIN_FORM_MESSAGES) {
    const values = templateValues(message, issue.message, DOMAIN_PLACEHOLDER);
    if (values) return { key, values };
  }
  if (isRecord(params) && isTextProblem(params['textProblem'])) {
    const max = typeof params['max'] === 'number' ? params['max'] : 0;
    return { key: TEXT_PROBLEM_KEYS[params['textProblem']], values: { max } };
  }
  return null;
}

/** The broken password rules an issue names, in the policy's display order. */
function brokenRules(issue: z.core.$ZodIssue): { rules: PasswordRule[]; min: number; max: number } {
  const params: unknown = 'params' in issue ? issue.params : undefined;
  if (!isRecord(params)) return { rules: [], min: 0, max: 0 };
  const rules = Array.isArray(params['passwordRules'])
    ? params['passwordRules'].filter(isPasswordRule)
    : [];
  const min = typeof params['minLength'] === 'number' ? params['minLength'] : 0;
  const max = typeof params['maxLength'] === 'number' ? params['maxLength'] : 0;
  return { rules, min, max };
}

/** The issue's message in the language of `t`. */
export function issueMessage(issue: z.core.$ZodIssue, t: TFunction): string {
  const translation = issueTranslation(issue);
  if (!translation) return t('validation.invalid');
  if (translation.key === 'validation.passwordRules') {
    // The API lists the rules as the checklist words them, in lower case.
    const { rules, min, max } = brokenRules(issue);
    const words = rules.map((rule) => {
      const count = rule === 'minLength' ? min : rule === 'maxLength' ? max : undefined;
      return t(`auth.passwordRules.${rule}`, { count }).toLocaleLowerCase();
    });
    return t('validation.passwordRules', { rules: words.join(', ') });
  }
  // The key is a FormMessageKey (checked above to exist); its values come from the issue.
  const translate = t as unknown as (key: string, values: IssueTranslation['values']) => string;
  return translate(translation.key, translation.values);
}
