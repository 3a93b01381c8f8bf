// @vitest-environment jsdom
import {
  DEFAULT_PASSWORD_POLICY,
  TEXT_MESSAGES,
  assignmentForm,
  bulkEvaluationForm,
  evaluationForm,
  submissionNotesForm,
  DEFAULT_TASK,
  lectureNoteForm,
  taskSubmissionForm,
  bulkMembersForm,
  deleteConfirmationForm,
  deletePasswordForm,
  leaderEmailsForm,
  memberEmailsForm,
  memberNameForm,
  otpCodeForm,
  passwordResetRequestForm,
  phoneNumberForm,
  resetPasswordForm,
  resultTitleForm,
  signInForm,
  signUpForm,
  teamNumberForm,
  textMessage,
  workspaceTitleForm,
} from '@teamshuffle/domain';
import type { PasswordPolicy } from '@teamshuffle/domain';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { i18n } from '../i18n';
import { DOMAIN_FORM_MESSAGES, issueMessage, issueTranslation } from './issue-message';
import { issuesToFormErrors } from './zod-resolver';

const en = i18n.getFixedT('en');
const ko = i18n.getFixedT('ko');
const HANGUL = /[가-힣]/;

const STRICT: PasswordPolicy = {
  ...DEFAULT_PASSWORD_POLICY,
  minLength: 8,
  maxLength: 12,
  requireLowercase: true,
  requireUppercase: true,
  requireNumber: true,
  requireSymbol: true,
};

const LONG = 'x'.repeat(101);
const HIDDEN = 'a\u202Eb';
const blankSignUp = { name: '', email: '', password: '', confirmPassword: '' };
const ASSIGNMENT = {
  title: 'Essay',
  description: '',
  startAt: null,
  endAt: null,
  maxFileSizeMb: 'not a number',
  allowedTypes: ['pdf'],
};
const TEAM_ID = '00000000-0000-4000-8000-000000000001';

/**
 * Every form of the app with the mistakes a user can make in it: each case's issues are the
 * domain messages the browser shows (and the API answers) for that mistake.
 */
const CASES: Array<[string, z.ZodType, unknown]> = [
  ['sign-in, empty', signInForm, { email: '', password: '' }],
  ['sign-in, bad address', signInForm, { email: 'ada@', password: 'x' }],
  ['reset request, no address', passwordResetRequestForm, { email: ' ' }],
  ['reset request, bad address', passwordResetRequestForm, { email: 'nope' }],
  ['sign-up, empty', signUpForm(STRICT), blankSignUp],
  [
    'sign-up, every mistake',
    signUpForm(STRICT),
    { name: HIDDEN, email: 'x', password: 'abc', confirmPassword: 'abd' },
  ],
  ['sign-up, long name', signUpForm(STRICT), { ...blankSignUp, name: LONG }],
  [
    'sign-up, too long a password',
    signUpForm(STRICT),
    { ...blankSignUp, password: 'Aa1!aaaaaaaaaaaa', confirmPassword: 'x' },
  ],
  ['reset password', resetPasswordForm(STRICT), { password: 'a', confirmPassword: 'b' }],
  ['reset password, empty', resetPasswordForm(STRICT), { password: '', confirmPassword: '' }],
  ['phone number', phoneNumberForm, { phoneNumber: '010' }],
  ['one-time code', otpCodeForm, { code: '12' }],
  ['delete, typed word', deleteConfirmationForm, { confirmation: 'delete' }],
  ['delete, password', deletePasswordForm, { password: '' }],
  ['member name, blank', memberNameForm, { name: ' ' }],
  ['member name, long', memberNameForm, { name: LONG }],
  ['member name, hidden characters', memberNameForm, { name: HIDDEN }],
  ['bulk add, blank', bulkMembersForm, { text: '\n\n' }],
  ['bulk add, a long line', bulkMembersForm, { text: `Ann\n${LONG}\n${HIDDEN}` }],
  ['result title, blank', resultTitleForm, { title: '\u200B' }],
  ['result title, long', resultTitleForm, { title: LONG }],
  ['result title, hidden characters', resultTitleForm, { title: HIDDEN }],
  ['rename, unchanged', workspaceTitleForm('Course'), { title: ' Course ' }],
  ['rename, blank', workspaceTitleForm('Course'), { title: '' }],
  ['leader e-mails', leaderEmailsForm, { emails: { t1: 'nope' } }],
  ['member e-mails', memberEmailsForm, { emails: { m1: 'a@', m2: '' } }],
  [
    'assignment, blank title and no types',
    assignmentForm,
    { ...ASSIGNMENT, title: ' ', allowedTypes: [] },
  ],
  [
    'assignment, end before start',
    assignmentForm,
    { ...ASSIGNMENT, startAt: '2025-03-04T00:00:00.000Z', endAt: '2025-03-03T00:00:00.000Z' },
  ],
  ['assignment, a type twice', assignmentForm, { ...ASSIGNMENT, allowedTypes: ['pdf', 'pdf'] }],
  [
    'assignment, long description',
    assignmentForm,
    { ...ASSIGNMENT, description: 'x'.repeat(5001) },
  ],
  ['submission notes, hidden characters', submissionNotesForm, { notes: HIDDEN }],
  ['evaluation, empty score', evaluationForm, { score: '', feedback: '' }],
  ['evaluation, score above 100', evaluationForm, { score: 101, feedback: LONG.repeat(20) }],
  [
    'bulk evaluation, nothing entered',
    bulkEvaluationForm,
    { maxScore: 'x', entries: [{ teamId: TEAM_ID, score: '', feedback: ' ' }] },
  ],
  [
    'lecture note, blank titles and empty numbers',
    lectureNoteForm,
    {
      title: ' ',
      description: '',
      week: '',
      date: null,
      task: { ...DEFAULT_TASK, title: '', maxFileSizeMb: '', allowedTypes: [] },
    },
  ],
  [
    'lecture note, out of range',
    lectureNoteForm,
    {
      title: 'Week 1',
      description: HIDDEN,
      week: 21,
      date: null,
      task: { ...DEFAULT_TASK, maxFileSizeMb: 1.5, allowedTypes: ['pdf', 'pdf'] },
    },
  ],
  [
    'lecture note, below range',
    lectureNoteForm,
    {
      title: LONG,
      description: '',
      week: 0,
      date: null,
      task: { ...DEFAULT_TASK, maxFileSizeMb: 0 },
    },
  ],
  ['task submission, long description', taskSubmissionForm, { description: 'x'.repeat(5001) }],
];

function issuesOf(schema: z.ZodType, input: unknown): z.core.$ZodIssue[] {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.success ? [] : result.error.issues;
}

describe('form messages in both languages', () => {
  it.each(CASES)(
    '%s: every issue has words, in English exactly the API message',
    (_, schema, input) => {
      for (const issue of issuesOf(schema, input)) {
        expect(issueTranslation(issue), issue.message).not.toBeNull();
        expect(issueMessage(issue, en)).toBe(issue.message);
        const korean = issueMessage(issue, ko);
        expect(korean, issue.message).toMatch(HANGUL);
        expect(korean).not.toBe(issue.message);
      }
    },
  );

  it('the text rule words (validation.text.*) are the domain TEXT_MESSAGES with {max}', () => {
    expect(en('validation.text.required')).toBe(TEXT_MESSAGES.required);
    expect(en('validation.text.badCharacters')).toBe(TEXT_MESSAGES.bad_characters);
    for (const max of [1, 100, 5000]) {
      expect(en('validation.text.tooLong', { max })).toBe(textMessage('too_long', { max }));
    }
  });

  it('every mapped domain message is its English translation, figures included', () => {
    for (const { message, key } of DOMAIN_FORM_MESSAGES) {
      const filled = message.replaceAll('{max}', '100');
      expect(issueMessage({ code: 'custom', path: [], input: '', message: filled }, en)).toBe(
        filled,
      );
      expect(i18n.template('ko', key)).toBeTruthy();
    }
  });

  it('words a password breach rule by rule in Korean', () => {
    const [issue] = issuesOf(resetPasswordForm(STRICT), {
      password: 'aaa',
      confirmPassword: 'aaa',
    });
    expect(issue && issueMessage(issue, ko)).toBe(
      '비밀번호가 조건을 만족하지 않습니다: 8자 이상, 영문 대문자 포함, 숫자 포함, 기호 포함 (문자나 숫자가 아닌 것).',
    );
  });

  it("gives a schema without domain words the API's generic message", () => {
    const issue: z.core.$ZodIssue = { code: 'custom', path: ['x'], input: 1, message: 'Odd' };
    expect(issueTranslation(issue)).toBeNull();
    expect(issueMessage(issue, en)).toBe('Invalid input.');
    expect(issueMessage(issue, ko)).toMatch(HANGUL);
  });
});

describe('issuesToFormErrors', () => {
  it('keeps the first issue of each field and nests paths with dots', () => {
    const issues = issuesOf(memberEmailsForm, { emails: { m1: 'a@', m2: 'b@' } });
    expect(issuesToFormErrors(issues, en)).toEqual({
      'emails.m1': 'Please enter a valid email address',
      'emails.m2': 'Please enter a valid email address',
    });
    const signUp = issuesOf(signUpForm(STRICT), blankSignUp);
    expect(Object.keys(issuesToFormErrors(signUp, en)).sort()).toEqual([
      'confirmPassword',
      'email',
      'name',
      'password',
    ]);
  });

  it("shows a list's item problems on the field itself when asked", () => {
    const issues = issuesOf(bulkMembersForm, { text: `Ann\n${LONG}` });
    expect(issuesToFormErrors(issues, en, { collapse: ['text'] })).toEqual({
      text: 'This can be at most 100 characters',
    });
    expect(issuesToFormErrors(issues, ko, { collapse: ['text'] })).toEqual({
      text: '최대 100자까지 입력할 수 있습니다',
    });
  });

  it("'#' with 0 says what the number must be, in both languages (issue 27)", () => {
    const issues = issuesOf(teamNumberForm, { teamNumber: '0' });
    expect(issuesToFormErrors(issues, en)).toEqual({
      teamNumber: 'Please enter a whole number from 1 to 100000.',
    });
    expect(issuesToFormErrors(issues, ko)).toEqual({
      teamNumber: '1에서 100000 사이의 정수를 입력하세요.',
    });
  });
});
