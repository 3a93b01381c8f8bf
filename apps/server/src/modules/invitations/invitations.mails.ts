import { escapeHtml, invitationPath, type Language } from '@teamshuffle/domain';
import { inertHtml, inertText, type Mail } from '../../plugins/mail.ts';

/** What an invitation mail and its notification say, in the owner's language. */
type Words = {
  subject: (title: string) => string;
  intro: (owner: string, title: string) => string;
  withAccount: string;
  withoutAccount: string;
  button: (hasAccount: boolean) => string;
  fallback: string;
  outro: string;
  notificationTitle: (title: string) => string;
  notificationMessage: (owner: string, title: string) => string;
};

const WORDS: Record<Language, Words> = {
  en: {
    subject: (title) => `You are invited to ${title}`,
    intro: (owner, title) => `${owner} added your e-mail address to ${title} on Teamshuffle.`,
    withAccount: 'Sign in with this address to open the workspace and see your team.',
    withoutAccount:
      'Create a Teamshuffle account with this address and verify it: the workspace opens after that.',
    button: (hasAccount) => (hasAccount ? 'Open the workspace' : 'Sign up and open it'),
    fallback: 'If the button does not work, open this link:',
    outro: 'If you did not expect this mail, you can ignore it.',
    notificationTitle: (title) => `You are invited to ${title}`,
    notificationMessage: (owner, title) => `${owner} added your e-mail address to ${title}.`,
  },
  ko: {
    subject: (title) => `${title}에 초대되었습니다`,
    intro: (owner, title) =>
      `${owner}님이 Teamshuffle의 ${title}에 회원님의 이메일 주소를 추가했습니다.`,
    withAccount: '이 주소로 로그인하면 워크스페이스를 열고 팀을 볼 수 있습니다.',
    withoutAccount: '이 주소로 Teamshuffle 계정을 만들고 인증하면 워크스페이스가 열립니다.',
    button: (hasAccount) => (hasAccount ? '워크스페이스 열기' : '가입하고 열기'),
    fallback: '버튼이 작동하지 않으면 이 링크를 여세요:',
    outro: '예상하지 못한 메일이라면 무시하셔도 됩니다.',
    notificationTitle: (title) => `${title}에 초대되었습니다`,
    notificationMessage: (owner, title) =>
      `${owner}님이 ${title}에 회원님의 이메일 주소를 추가했습니다.`,
  },
};

/** The `workspace_invited` notification's title and message, in `language`. */
export function invitationNotification(language: Language, owner: string, title: string) {
  const words = WORDS[language];
  return {
    title: words.notificationTitle(title),
    message: words.notificationMessage(owner, title),
  };
}

/**
 * The invitation mail. The owner's name and the title are users' text: they never become links
 * (`inertText`, decision 0014); the only link is ours, to the workspace, with the sign-up dialog
 * for an address that has no account yet.
 */
export function invitationMail(input: {
  to: string;
  language: Language;
  ownerName: string;
  title: string;
  workspaceId: string;
  hasAccount: boolean;
  publicUrl: string;
}): Mail {
  // The words themselves hold no markup: only the users' text is escaped into them.
  const words = WORDS[input.language];
  const url = `${input.publicUrl}${invitationPath(input.workspaceId, input.hasAccount)}`;
  const next = input.hasAccount ? words.withAccount : words.withoutAccount;
  const intro = words.intro(inertText(input.ownerName), inertText(input.title));
  const safeUrl = escapeHtml(url);
  return {
    to: input.to,
    subject: words.subject(inertText(input.title)),
    text: `${intro}\n\n${next}\n${url}\n\n${words.outro}\n`,
    html: `<!doctype html><html lang="${input.language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a1b1e">
<p>${words.intro(inertHtml(input.ownerName), inertHtml(input.title))}</p>
<p>${escapeHtml(next)}</p>
<p><a href="${safeUrl}" style="display:inline-block;padding:10px 18px;background:#228be6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(words.button(input.hasAccount))}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(words.fallback)} <a href="${safeUrl}">${safeUrl}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(words.outro)}</p>
</body></html>`,
  };
}
