// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { i18n } from '../../../lib/i18n';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

// Issue 23: the server's duplicate e-mail refusal, shown next to the field in both languages.
describe('duplicate_member_email', () => {
  const refusal = new ApiError(400, {
    error: 'duplicate_member_email',
    message:
      'ann@example.com is already the e-mail of Ann Lee (Team 1); Ben (Team 2) cannot have it too.',
    field: 'member-2',
  });

  it("shows the server's words in English", () => {
    expect(apiErrorMessage(refusal, 'fallback')).toBe(refusal.message);
  });

  it('translates them in Korean with both members', async () => {
    await i18n.changeLanguage('ko');
    expect(apiErrorMessage(refusal, 'fallback')).toBe(
      'ann@example.com은(는) 이미 Ann Lee (1팀)의 이메일입니다. Ben (2팀)에게 같은 이메일을 지정할 수 없습니다.',
    );
    expect(i18n.t('workspace.memberEmails.duplicateName', { name: 'Ann' })).toBe(
      '이름이 Ann인 멤버가 두 명 있습니다',
    );
    await i18n.changeLanguage('en');
    expect(i18n.t('workspace.memberEmails.duplicateName', { name: 'Ann' })).toBe(
      'There are two members named Ann',
    );
  });
});
