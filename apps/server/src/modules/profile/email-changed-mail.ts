/**
 * The notice to a user's old address that their account's e-mail was changed (docs/decisions/263):
 * recovery codes go to the new address from now on, so the owner must hear of a change they did
 * not make. Queued with the profile update, to the old address; built at send time like every
 * message. The new address is shown masked; no tracking image.
 */
import type { Db } from '../../db/client';
import type { BuiltMail, MailQueue } from '../../jobs/mail-queue';
import * as usersRepo from '../users/users.repository';

export const EMAIL_CHANGED_MAIL_KIND = 'email-changed';
export const EMAIL_CHANGED_SUBJECT = 'The e-mail address of your Cooler Hub account was changed';

/** A notice's ref: `<user id>:<new address>`. */
const EMAIL_CHANGED_REF = /^(\d+):(.+)$/;
export const emailChangedRef = (userId: number, newEmail: string) => `${userId}:${newEmail}`;

/** `jane.doe@example.com` → `j***@example.com`: enough for the owner to recognise, not to copy. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function emailChangedMessage(username: string, newEmail: string): BuiltMail {
  const lines = [
    `The e-mail address of your Cooler Hub account ${username} was changed to ${maskEmail(newEmail)}.`,
    'Password reset codes are sent to the new address from now on.',
    'If you did not make this change, tell your Cooler Hub administrator at once.',
  ];
  const text = [`Hello ${username},`, '', ...lines].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>Hello ${escapeHtml(username)},</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</body></html>`;
  return { subject: EMAIL_CHANGED_SUBJECT, text, html };
}

/** The notice's builder: the user's current name; nothing to send once the user is gone. */
export function registerEmailChangedMail(mail: MailQueue): void {
  mail.registerMailKind(EMAIL_CHANGED_MAIL_KIND, {
    async build(db: Db, ref: string) {
      const match = EMAIL_CHANGED_REF.exec(ref);
      if (!match) return null;
      const user = await usersRepo.findUserById(db, Number(match[1]));
      return user ? emailChangedMessage(user.username, match[2]!) : null;
    },
  });
}
