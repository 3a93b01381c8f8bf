import { escapeHtml } from '@teamshuffle/domain';
import { inertText, type Mail } from '../../plugins/mail.ts';

function layout(title: string, intro: string, button: string, url: string, outro: string): string {
  const safeUrl = escapeHtml(url);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a1b1e">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${safeUrl}" style="display:inline-block;padding:10px 18px;background:#228be6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#555">If the button does not work, open this link: <a href="${safeUrl}">${safeUrl}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(outro)}</p>
</body></html>`;
}

/** The mail with the link that verifies an address (and signs the user in). */
export function verificationMail(to: string, name: string, url: string): Mail {
  // The name is the sign-up form's text (any address can be given): it never becomes a link.
  const intro = `Hello ${inertText(name)}, please confirm that ${to} is your e-mail address to start using Teamshuffle.`;
  const outro = 'If you did not sign up for Teamshuffle, you can ignore this mail.';
  return {
    to,
    subject: 'Verify your e-mail address for Teamshuffle',
    text: `${intro}\n\nOpen this link to verify it:\n${url}\n\n${outro}\n`,
    html: layout('Verify your e-mail address', intro, 'Verify e-mail address', url, outro),
  };
}

/** The mail with the link to set a new password. */
export function resetPasswordMail(to: string, name: string, url: string): Mail {
  const intro = `Hello ${inertText(name)}, someone asked to reset the password of your Teamshuffle account.`;
  const outro =
    'The link is valid for one hour. If you did not ask for this, you can ignore this mail.';
  return {
    to,
    subject: 'Reset your Teamshuffle password',
    text: `${intro}\n\nOpen this link to choose a new password:\n${url}\n\n${outro}\n`,
    html: layout('Reset your password', intro, 'Choose a new password', url, outro),
  };
}

/** The text message with a one-time sign-in code. */
export function signInCodeText(code: string, minutes: number): string {
  return `Your Teamshuffle sign-in code is ${code}. It expires in ${minutes} minutes. Do not share it.`;
}
