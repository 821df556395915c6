import type { GuestRole } from '@opencare/schemas/entities/visits';
import type { Deps } from '../deps';

/** Names are people's own text: they go into the e-mail's HTML escaped. */
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The guest link by e-mail: the one copy of its key. It names the clinic, the clinician and the
 * time (in UTC: the guest's time zone is unknown), never the patient or the reason for the visit.
 */
export async function sendTelehealthInvitation(
  deps: Pick<Deps, 'mailer' | 'config'>,
  mail: {
    organisationId: string;
    email: string;
    guestName: string;
    role: GuestRole;
    key: string;
    organisationName: string;
    providerName: string;
    startsAt: Date;
  },
): Promise<void> {
  const link = `${deps.config.publicUrl}/telehealth-invitations?key=${encodeURIComponent(mail.key)}`;
  const when = `${mail.startsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  // The guest learns why they are asked (the mail is in English, as the product's other mails).
  const as = { interpreter: ' as an interpreter', family: ' as a family member', other: '' }[mail.role];
  const who = mail.organisationName ? `${mail.providerName} of ${mail.organisationName}` : mail.providerName;
  await deps.mailer.send({
    organisationId: mail.organisationId,
    to: mail.email,
    subject: `You are invited to a video visit`,
    text: `Hello ${mail.guestName},\n\n${who} invites you to join a video visit${as} on ${when}.\n\nOpen this link at that time to join:\n\n${link}\n\nThe link is for you only; please do not share it.`,
    html: `<p>Hello ${escapeHtml(mail.guestName)},</p><p>${escapeHtml(who)} invites you to join a video visit${as} on ${when}.</p><p><a href="${link}">Join the video visit</a></p><p>The link is for you only; please do not share it.</p>`,
  });
}
