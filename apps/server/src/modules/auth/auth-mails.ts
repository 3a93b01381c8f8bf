import { escapeHtml, type Language } from '@teamshuffle/domain';
import { inertText, type Mail } from '../../plugins/mail.ts';

// The account mails, in the language of the request that asks for them (decision 0041: the app's
// language cookie, else the browser's).

function layout(
  title: string,
  intro: string,
  button: string,
  url: string,
  outro: string,
  fallback: string,
  language: Language,
): string {
  const safeUrl = escapeHtml(url);
  return `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a1b1e">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${safeUrl}" style="display:inline-block;padding:10px 18px;background:#228be6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(fallback)} <a href="${safeUrl}">${safeUrl}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(outro)}</p>
</body></html>`;
}

type AccountMailWords = {
  subject: string;
  title: string;
  intro: (name: string, to: string) => string;
  openLink: string;
  button: string;
  outro: string;
};

const FALLBACK: Record<Language, string> = {
  en: 'If the button does not work, open this link:',
  ko: '버튼이 작동하지 않으면 이 링크를 여세요:',
};

const VERIFICATION: Record<Language, AccountMailWords> = {
  en: {
    subject: 'Verify your e-mail address for Teamshuffle',
    title: 'Verify your e-mail address',
    intro: (name, to) =>
      `Hello ${name}, please confirm that ${to} is your e-mail address to start using Teamshuffle.`,
    openLink: 'Open this link to verify it:',
    button: 'Verify e-mail address',
    outro: 'If you did not sign up for Teamshuffle, you can ignore this mail.',
  },
  ko: {
    subject: 'Teamshuffle 이메일 주소를 인증해 주세요',
    title: '이메일 주소 인증',
    intro: (name, to) =>
      `${name}님, 안녕하세요. Teamshuffle을 사용하려면 ${to}이(가) 회원님의 이메일 주소인지 확인해 주세요.`,
    openLink: '이 링크를 열어 인증하세요:',
    button: '이메일 주소 인증',
    outro: 'Teamshuffle에 가입하지 않았다면 이 메일은 무시하셔도 됩니다.',
  },
};

const RESET: Record<
  Language,
  Omit<AccountMailWords, 'intro'> & { intro: (name: string) => string }
> = {
  en: {
    subject: 'Reset your Teamshuffle password',
    title: 'Reset your password',
    intro: (name) =>
      `Hello ${name}, someone asked to reset the password of your Teamshuffle account.`,
    openLink: 'Open this link to choose a new password:',
    button: 'Choose a new password',
    outro: 'The link is valid for one hour. If you did not ask for this, you can ignore this mail.',
  },
  ko: {
    subject: 'Teamshuffle 비밀번호 재설정',
    title: '비밀번호 재설정',
    intro: (name) => `${name}님, 안녕하세요. Teamshuffle 계정의 비밀번호 재설정이 요청되었습니다.`,
    openLink: '이 링크를 열어 새 비밀번호를 정하세요:',
    button: '새 비밀번호 정하기',
    outro: '링크는 한 시간 동안 유효합니다. 요청하지 않았다면 이 메일은 무시하셔도 됩니다.',
  },
};

/** An account mail: its words in `language` around the one link, `intro` already filled in. */
function accountMail(
  to: string,
  words: Omit<AccountMailWords, 'intro'>,
  intro: string,
  url: string,
  language: Language,
): Mail {
  return {
    to,
    subject: words.subject,
    text: `${intro}\n\n${words.openLink}\n${url}\n\n${words.outro}\n`,
    html: layout(words.title, intro, words.button, url, words.outro, FALLBACK[language], language),
  };
}

/** The mail with the link that verifies an address (and signs the user in). */
export function verificationMail(
  to: string,
  name: string,
  url: string,
  language: Language = 'en',
): Mail {
  const words = VERIFICATION[language];
  // The name is the sign-up form's text (any address can be given): it never becomes a link.
  return accountMail(to, words, words.intro(inertText(name), to), url, language);
}

/** The mail with the link to set a new password. */
export function resetPasswordMail(
  to: string,
  name: string,
  url: string,
  language: Language = 'en',
): Mail {
  const words = RESET[language];
  return accountMail(to, words, words.intro(inertText(name)), url, language);
}

/** The text message with a one-time sign-in code. */
export function signInCodeText(code: string, minutes: number, language: Language = 'en'): string {
  return language === 'ko'
    ? `Teamshuffle 인증 코드는 ${code}입니다. ${minutes}분 후에 만료됩니다. 다른 사람에게 알려 주지 마세요.`
    : `Your Teamshuffle sign-in code is ${code}. It expires in ${minutes} minutes. Do not share it.`;
}
