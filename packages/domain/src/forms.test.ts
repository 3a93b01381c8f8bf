import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { errors } from './errors.ts';
import {
  FORM_MESSAGES,
  bulkMembersForm,
  deleteConfirmationForm,
  deletePasswordForm,
  leaderEmailsForm,
  memberEmailsForm,
  memberNameForm,
  otpCodeForm,
  parseNameLines,
  passwordResetRequestForm,
  passwordRulesMessage,
  phoneNumberForm,
  resetPasswordForm,
  resultTitleForm,
  signInForm,
  signUpForm,
  teamNumberForm,
  workspaceTitleForm,
} from './forms.ts';
import { DEFAULT_PASSWORD_POLICY } from './password.ts';
import type { PasswordPolicy } from './password.ts';
import { TEXT_MESSAGES } from './text.ts';

/** The first message per field, as a form shows them. */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const STRICT: PasswordPolicy = {
  ...DEFAULT_PASSWORD_POLICY,
  minLength: 8,
  requireUppercase: true,
  requireNumber: true,
};

describe('sign-in and the reset request', () => {
  it('normalises the address as the server stores it', () => {
    expect(signInForm.parse({ email: '  Ada@Example.COM ', password: 'x' })).toEqual({
      email: 'ada@example.com',
      password: 'x',
    });
  });

  it('asks for both fields, and for a valid address', () => {
    expect(messages(signInForm, { email: ' ', password: '' })).toEqual({
      email: TEXT_MESSAGES.required,
      password: TEXT_MESSAGES.required,
    });
    expect(messages(signInForm, { email: 'ada@', password: 'x' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it("words a missing address for the reset as the spec does ('... first')", () => {
    expect(messages(passwordResetRequestForm, { email: '' })).toEqual({
      email: 'Please enter your email address first',
    });
    expect(messages(passwordResetRequestForm, { email: 'nope' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });
});

describe('sign-up and the new password of a reset', () => {
  const valid = {
    name: ' Ada ',
    email: 'ada@example.com',
    password: 'Secret123',
    confirmPassword: 'Secret123',
  };

  it('accepts a complete form, with the display name trimmed', () => {
    expect(signUpForm(STRICT).parse(valid)).toMatchObject({ name: 'Ada' });
  });

  it('requires all four fields', () => {
    expect(
      messages(signUpForm(STRICT), { name: '', email: '', password: '', confirmPassword: '' }),
    ).toEqual({
      name: TEXT_MESSAGES.required,
      email: TEXT_MESSAGES.required,
      password: TEXT_MESSAGES.required,
      confirmPassword: TEXT_MESSAGES.required,
    });
  });

  it("refuses differing passwords with the spec's words, beside other problems", () => {
    expect(
      messages(signUpForm(STRICT), { ...valid, name: '', confirmPassword: 'Secret124' }),
    ).toEqual({ name: TEXT_MESSAGES.required, confirmPassword: 'Passwords do not match' });
    expect(
      messages(resetPasswordForm(STRICT), { password: 'Secret123', confirmPassword: 'x' }),
    ).toEqual({ confirmPassword: errors.passwords_do_not_match.message });
  });

  it('words a policy breach as the API does, naming every broken rule', () => {
    const message = messages(signUpForm(STRICT), {
      ...valid,
      password: 'abc',
      confirmPassword: 'abc',
    })['password'];
    expect(message).toBe(
      'The password does not meet the requirements: at least 8 characters, an uppercase letter, a digit.',
    );
    expect(message).toBe(passwordRulesMessage(['minLength', 'uppercase', 'number'], STRICT));
    const issue = signUpForm(STRICT)
      .safeParse({ ...valid, password: 'abc', confirmPassword: 'abc' })
      .error?.issues.find((entry) => entry.path[0] === 'password');
    expect(issue).toMatchObject({
      params: { passwordRules: ['minLength', 'uppercase', 'number'] },
    });
  });

  it('refuses a display name that the text rule refuses', () => {
    expect(messages(signUpForm(STRICT), { ...valid, name: 'a\u202Eb' })['name']).toBe(
      TEXT_MESSAGES.bad_characters,
    );
  });
});

describe('phone sign-in', () => {
  it('normalises the number and wants E.164', () => {
    expect(phoneNumberForm.parse({ phoneNumber: ' +82 10-1234-5678 ' })).toEqual({
      phoneNumber: '+821012345678',
    });
    expect(messages(phoneNumberForm, { phoneNumber: '01012345678' })).toEqual({
      phoneNumber: errors.invalid_phone_number.message,
    });
  });

  it('wants six digits', () => {
    expect(otpCodeForm.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
    expect(messages(otpCodeForm, { code: '12345' })).toEqual({ code: FORM_MESSAGES.otpCode });
  });
});

describe('delete account', () => {
  it('wants DELETE exactly', () => {
    expect(deleteConfirmationForm.safeParse({ confirmation: 'DELETE' }).success).toBe(true);
    for (const confirmation of ['delete', ' DELETE', 'DELETE ', '']) {
      expect(messages(deleteConfirmationForm, { confirmation })).toEqual({
        confirmation: errors.delete_confirmation_mismatch.message,
      });
    }
  });

  it('wants the password', () => {
    expect(messages(deletePasswordForm, { password: '' })).toEqual({
      password: 'Please enter your password.',
    });
  });
});

describe('team formation', () => {
  it("uses the snapshot's member-name rule", () => {
    expect(memberNameForm.parse({ name: '  Ada ' })).toEqual({ name: 'Ada' });
    expect(messages(memberNameForm, { name: '\u200B ' })).toEqual({
      name: 'A member needs a name',
    });
    expect(messages(memberNameForm, { name: 'x'.repeat(101) })).toEqual({
      name: 'This can be at most 100 characters',
    });
  });

  it('bulk add: one name per line, blank lines dropped, each name checked', () => {
    expect(parseNameLines('Alan\n\n   Edsger  \r\nBarbara\r\rAda\n')).toEqual([
      'Alan',
      'Edsger',
      'Barbara',
      'Ada',
    ]);
    expect(bulkMembersForm.parse({ text: 'Ann\n Ben ' })).toEqual({ text: ['Ann', 'Ben'] });
    expect(messages(bulkMembersForm, { text: '\n \n' })).toEqual({
      text: FORM_MESSAGES.bulkNamesRequired,
    });
    expect(messages(bulkMembersForm, { text: `Ann\n${'x'.repeat(101)}` })).toEqual({
      'text.1': 'This can be at most 100 characters',
    });
  });

  it('uses the result title rule for Save Result and Create Team', () => {
    expect(resultTitleForm.parse({ title: '  Week 1 ' })).toEqual({ title: 'Week 1' });
    expect(messages(resultTitleForm, { title: '   ' })).toEqual({ title: 'Please enter a name' });
    expect(messages(resultTitleForm, { title: 'x'.repeat(101) })).toEqual({
      title: 'The name can be at most 100 characters',
    });
  });
});

describe('workspaces', () => {
  it('a rename must differ from the current name (compared as stored)', () => {
    expect(messages(workspaceTitleForm('Course'), { title: ' Course ' })).toEqual({
      title: FORM_MESSAGES.titleUnchanged,
    });
    expect(messages(workspaceTitleForm('Course'), { title: '' })).toEqual({
      title: 'Please enter a name',
    });
    expect(workspaceTitleForm('Course').parse({ title: 'Course 2' })).toEqual({
      title: 'Course 2',
    });
  });

  it("'#' takes a whole number above 0 only", () => {
    expect(teamNumberForm.parse({ teamNumber: ' 2 ' })).toEqual({ teamNumber: 2 });
    for (const teamNumber of ['0', '-1', '1.5', 'two', '', '100001']) {
      const result = teamNumberForm.safeParse({ teamNumber });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        FORM_MESSAGES.teamNumber,
      ]);
    }
  });

  it('e-mails: blank or an address, trimmed, per id', () => {
    expect(leaderEmailsForm.parse({ emails: { t1: ' a@b.co ', t2: '' } })).toEqual({
      emails: { t1: 'a@b.co', t2: '' },
    });
    expect(messages(memberEmailsForm, { emails: { m1: 'x@y.io', m2: 'nope' } })).toEqual({
      'emails.m2': 'Please enter a valid email address',
    });
  });
});
