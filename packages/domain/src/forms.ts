import { z } from 'zod';
import {
  assignmentInput,
  bulkEvaluationInput,
  evaluationInput,
  taskBulkEvaluationInput,
} from './assignments.ts';
import { DELETE_ACCOUNT_CONFIRMATION } from './constants.ts';
import { errors, fillPlaceholders } from './errors.ts';
import { lectureNoteInput, taskInput } from './lecture-notes.ts';
import { checkLateRule } from './late-rules.ts';
import { bulkMaxScoreFrom, bulkRowScoreFrom, maxFileSizeMbFrom } from './limits.ts';
import { checkPassword, describePasswordRule } from './password.ts';
import type { PasswordPolicy, PasswordRule } from './password.ts';
import { resultTitle, shuffleSnapshot } from './results.ts';
import { TEXT_MESSAGES, TEXT_RULES, displayName, text } from './text.ts';
import { leaderEmailsInput, memberEmailsInput, workspaceOrderInput } from './workspaces.ts';

// The web app's forms as schemas. Each field uses the rule the API applies to the same field (the
// member name of a snapshot, the e-mail of leaderEmailsInput, the result title, the display name,
// the password policy), so the browser and the API word the same mistake the same way. A form
// may add what only a form has: a confirmation field, a typed word, a comparison with the current
// value.

/** Wording of the form checks that are not API errors (the catalogue holds the others). */
export const FORM_MESSAGES = {
  /** Settings, rename: the API's 422 for an unchanged name says the same. */
  titleUnchanged: 'The new name must be different from the current one.',
  /** Bulk add with nothing but blank lines. */
  bulkNamesRequired: 'Please enter at least one name.',
  /** Phone sign-in: the code is six digits. */
  otpCode: 'Please enter the 6-digit code.',
  /** The list page's '#': said next to the field instead of closing the prompt (issue 27). */
  teamNumber: 'Please enter a whole number from 1 to 100000.',
} as const;

// The API's own field rules, taken from its schemas rather than restated.
const memberName = shuffleSnapshot.shape.members.element.shape.name;
const leaderEmailOrBlank = leaderEmailsInput.shape.entries.element.shape.email;
const memberEmailOrBlank = memberEmailsInput.shape.entries.element.shape.email;
const teamNumber = workspaceOrderInput.shape.items.element.shape.teamNumber;

const required = (message: string = TEXT_MESSAGES.required) =>
  z.string().min(1, { message, abort: true });

/** An e-mail address as sign-in and sign-up send it: trimmed, lower-case, required, valid. */
function emailAddress(requiredMessage: string = TEXT_MESSAGES.required) {
  return z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { message: requiredMessage, abort: true })
    .pipe(leaderEmailOrBlank);
}

/** The API's message for a password that breaks rules of the policy (as the auth bridge words it). */
export function passwordRulesMessage(broken: readonly PasswordRule[], policy: PasswordPolicy) {
  const rules = broken.map((rule) => describePasswordRule(rule, policy).toLowerCase()).join(', ');
  return fillPlaceholders(errors.password_rules.message, { rules });
}

/**
 * A new password under the policy. A breach's issue carries `params.passwordRules` (the broken
 * rules) and the policy's lengths, so a form can word it in the user's language.
 */
export function newPasswordField(policy: PasswordPolicy) {
  return required().check((ctx) => {
    const broken = checkPassword(ctx.value, policy);
    if (broken.length === 0) return;
    ctx.issues.push({
      code: 'custom',
      input: ctx.value,
      message: passwordRulesMessage(broken, policy),
      params: { passwordRules: broken, minLength: policy.minLength, maxLength: policy.maxLength },
    });
  });
}

// spec part 1, section 5: differing passwords are refused with 'Passwords do not match'. Checked
// once both are typed, alongside the other fields' problems.
const passwordsMatch = {
  message: errors.passwords_do_not_match.message,
  path: ['confirmPassword'],
  when: (payload: { value: unknown }) => {
    const value = payload.value as { password?: unknown; confirmPassword?: unknown };
    return typeof value.password === 'string' && typeof value.confirmPassword === 'string';
  },
};

/** Sign in with e-mail and password. */
export const signInForm = z.object({ email: emailAddress(), password: required() });
export type SignInForm = z.output<typeof signInForm>;

/** 'Forgot password?': the e-mail first (spec part 1, section 5). */
export const passwordResetRequestForm = z.object({
  email: emailAddress(errors.email_required.message),
});

/** Sign-up (spec part 1, section 5): all four required, the policy met, the passwords equal. */
export function signUpForm(policy: PasswordPolicy) {
  return z
    .object({
      name: displayName,
      email: emailAddress(),
      password: newPasswordField(policy),
      confirmPassword: required(),
    })
    .refine((value) => value.password === value.confirmPassword, passwordsMatch);
}
export type SignUpForm = z.output<ReturnType<typeof signUpForm>>;

/** The new password of a reset link, under the same policy as sign-up. */
export function resetPasswordForm(policy: PasswordPolicy) {
  return z
    .object({ password: newPasswordField(policy), confirmPassword: required() })
    .refine((value) => value.password === value.confirmPassword, passwordsMatch);
}

// E.164: a plus, a country code that does not start with 0, at most 15 digits in all.
const E164 = /^\+[1-9]\d{6,14}$/;

/** Drops the spaces, dashes, dots and brackets people type inside phone numbers. */
export function normalizePhoneNumber(input: string): string {
  return input.trim().replace(/[\s\-().]/g, '');
}

/** Whether a (normalised) number is in international E.164 form, like +821012345678. */
export function isE164PhoneNumber(value: string): boolean {
  return E164.test(value);
}

/** Whether the input is a complete one-time code (six digits). */
export function isOtpCode(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/** Phone sign-in, first step: the number, normalised, in E.164 form (the API's own message). */
export const phoneNumberForm = z.object({
  phoneNumber: z
    .string()
    .transform(normalizePhoneNumber)
    .refine(isE164PhoneNumber, errors.invalid_phone_number.message),
});

/** Phone sign-in, second step: the six-digit code. */
export const otpCodeForm = z.object({
  code: z.string().trim().refine(isOtpCode, FORM_MESSAGES.otpCode),
});

/** Delete account, typing step: DELETE exactly (spec part 1, section 5). */
export const deleteConfirmationForm = z.object({
  confirmation: z
    .string()
    .refine(
      (value) => value === DELETE_ACCOUNT_CONFIRMATION,
      errors.delete_confirmation_mismatch.message,
    ),
});

/** Delete account, password step: 'Please enter your password.' (spec part 1, section 5). */
export const deletePasswordForm = z.object({
  password: required(errors.password_required.message),
});

/** Add or rename one member: the snapshot's member-name rule. */
export const memberNameForm = z.object({ name: memberName });

/** Bulk add (spec part 1, section 5): one name per line, trimmed, blank lines dropped. */
export function parseNameLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Bulk add: at least one name, each under the member-name rule. */
export const bulkMembersForm = z.object({
  text: z
    .string()
    .transform(parseNameLines)
    .pipe(z.array(memberName).min(1, FORM_MESSAGES.bulkNamesRequired)),
});

/** Save Result, Create Team and the list page's Edit: the result title rule. */
export const resultTitleForm = z.object({ title: resultTitle });

/** Settings, rename (spec part 2, section 5): the title rule, and different from the current one. */
export function workspaceTitleForm(currentTitle: string) {
  return z.object({ title: resultTitle }).refine((value) => value.title !== currentTitle, {
    message: FORM_MESSAGES.titleUnchanged,
    path: ['title'],
  });
}

/** The list page's '#': a whole number the order API accepts (spec part 1, section 5: above 0). */
export const teamNumberForm = z.object({
  teamNumber: z
    .string()
    .trim()
    .regex(/^\d+$/, { message: FORM_MESSAGES.teamNumber, abort: true })
    .transform(Number)
    .refine((n) => teamNumber.safeParse(n).success, FORM_MESSAGES.teamNumber),
});

/** Settings, Team Leaders: one e-mail or blank per team id, under leaderEmailsInput's rule. */
export const leaderEmailsForm = z.object({
  emails: z.record(z.string(), leaderEmailOrBlank),
});

/** Manage Team Member Emails: one e-mail or blank per member id, under memberEmailsInput's rule. */
export const memberEmailsForm = z.object({
  emails: z.record(z.string(), memberEmailOrBlank),
});

// A number input holds a number, or a string while it is empty or half typed.
const numberInput = z.union([z.number(), z.string()]);

/**
 * Create/edit an assignment: assignmentInput, with the size as the number input holds it (spec
 * part 2, section 5: a non-numeric value falls back to 5; whole numbers 1 to 100).
 */
export const assignmentForm = z
  .object({ ...assignmentInput.shape, maxFileSizeMb: numberInput.transform(maxFileSizeMbFrom) })
  .pipe(assignmentInput);
export type AssignmentForm = z.input<typeof assignmentForm>;

/** Assignment Submission: the notes (spec part 2, section 5: at most 500 characters). */
export const submissionNotesForm = z.object({ notes: text(TEXT_RULES.notes) });

/** Evaluate one team: evaluationInput's score (an empty input is refused with its message). */
export const evaluationForm = z.object({
  score: numberInput.pipe(evaluationInput.shape.score),
  feedback: evaluationInput.shape.feedback,
});
export type EvaluationForm = z.input<typeof evaluationForm>;

/**
 * Bulk evaluation: the maximum as typed (1 to 1000, 100 when not a number) and each row's score as
 * typed, an empty one as no score (issue 25: never 0, never clamped: out of range is that row's
 * error), then bulkEvaluationInput's rules.
 */
export const bulkEvaluationForm = z
  .object({
    maxScore: numberInput.transform(bulkMaxScoreFrom),
    entries: z.array(
      z.object({
        teamId: z.string(),
        score: numberInput,
        feedback: z.string(),
        noSubmission: z.boolean().optional(),
      }),
    ),
  })
  .transform(({ maxScore, entries }) => ({
    maxScore,
    entries: entries.map((entry) => ({
      ...entry,
      score: bulkRowScoreFrom(entry.score),
    })),
  }))
  .pipe(bulkEvaluationInput);
export type BulkEvaluationForm = z.input<typeof bulkEvaluationForm>;

/**
 * Bulk grading of a note's task (issue 25): bulkEvaluationForm's rules, each row naming its team
 * (team task) or member (individual task), then taskBulkEvaluationInput's rules.
 */
export const taskBulkEvaluationForm = z
  .object({
    maxScore: numberInput.transform(bulkMaxScoreFrom),
    entries: z.array(
      z.object({
        teamId: z.string().optional(),
        userId: z.string().optional(),
        score: numberInput,
        feedback: z.string(),
      }),
    ),
  })
  .transform(({ maxScore, entries }) => ({
    maxScore,
    entries: entries.map((entry) => ({ ...entry, score: bulkRowScoreFrom(entry.score) })),
  }))
  .pipe(taskBulkEvaluationInput);
export type TaskBulkEvaluationForm = z.input<typeof taskBulkEvaluationForm>;

// The words a schema has for a value it refuses: a range's own message, reused for an empty input.
function refusalOf(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? TEXT_MESSAGES.required : (result.error.issues[0]?.message ?? '');
}

/**
 * A domain number as a number input holds it: a number, a numeric string, or '' while empty. An
 * empty or non-numeric value is refused with the words the schema gives `outOfRange`.
 */
function typedNumber(schema: z.ZodType<number, number>, outOfRange: number) {
  const message = refusalOf(schema, outOfRange);
  return numberInput
    .transform((value, ctx) => {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n === 'number' && Number.isFinite(n)) return n;
      ctx.issues.push({ code: 'custom', input: value, message });
      return z.NEVER;
    })
    .pipe(schema);
}

/** The note modal's task: taskInput, with the size as the number input holds it. */
const taskForm = z
  .object({
    ...taskInput.shape,
    maxFileSizeMb: typedNumber(taskInput.shape.maxFileSizeMb, 0),
  })
  // The late rule's own check (a penalty names its percent; decision 0030), as taskInput has it.
  .superRefine(checkLateRule);

/**
 * The lecture note modal (create and edit): lectureNoteInput's rules and words, with the week and
 * the task's size as number inputs hold them (empty: the range's message); `task` is null while
 * the task is not included, so its fields are checked only when it is.
 */
export const lectureNoteForm = z.object({
  ...lectureNoteInput.shape,
  week: typedNumber(lectureNoteInput.shape.week, 0),
  task: taskForm.nullable(),
});
export type LectureNoteForm = z.input<typeof lectureNoteForm>;

/** A task submission's description (the leader's or a member's note), as its upload route takes it. */
export const taskSubmissionForm = z.object({ description: text(TEXT_RULES.description) });
