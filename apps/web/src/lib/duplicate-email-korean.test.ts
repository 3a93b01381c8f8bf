// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { apiErrorMessage } from './api-error-message';
import { i18n } from './i18n';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

function refusal(message: string) {
  return new ApiError(400, { error: 'duplicate_member_email', message, field: 'snapshot.members' });
}

// Issue 23: the server names the two members in English ('Ann (Team 1)'); the Korean message
// names them in Korean, with no English left inside it.
describe('duplicate_member_email in Korean', () => {
  it('names members in a team and in none in Korean', async () => {
    await i18n.changeLanguage('ko');
    expect(
      apiErrorMessage(
        refusal(
          'ann@example.com is already the e-mail of Ann (Team 10); 김민지 (no team) cannot have it too.',
        ),
        'fallback',
      ),
    ).toBe(
      'ann@example.com은(는) 이미 Ann (10팀)의 이메일입니다. 김민지 (팀 없음)에게 같은 이메일을 지정할 수 없습니다.',
    );
  });

  it('says who in Korean when the server cannot tell', async () => {
    await i18n.changeLanguage('ko');
    const text = apiErrorMessage(
      refusal(
        'This e-mail is already the e-mail of another member; this member cannot have it too.',
      ),
      'fallback',
    );
    expect(text).toBe(
      '이 이메일은(는) 이미 다른 멤버의 이메일입니다. 이 멤버에게 같은 이메일을 지정할 수 없습니다.',
    );
    expect(text).not.toMatch(/[A-Za-z]/);
  });

  it("keeps the server's English as it is", () => {
    const message =
      'ann@example.com is already the e-mail of Ann (Team 1); Ben (no team) cannot have it too.';
    expect(apiErrorMessage(refusal(message), 'fallback')).toBe(message);
  });
});
