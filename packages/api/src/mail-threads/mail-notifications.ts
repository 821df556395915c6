import type { Deps } from '../deps';
import { patientContact } from './mail-threads.repository';

/**
 * Tell a patient a clinician wrote to them. The e-mail says only that there is a message, with a
 * link to sign in: e-mail is not a secure channel, so no name, subject or text of the message goes
 * into it. Patients who turned e-mail notifications off are not told.
 */
export async function notifyPatientOfMessage(deps: Deps, patientAccountId: string): Promise<void> {
  const contact = await patientContact(deps.db, patientAccountId);
  if (!contact?.email || !contact.emailNotifications) return;
  const link = `${deps.config.publicUrl}/?tab=messages`;
  try {
    await deps.mailer.send({
      organisationId: contact.organisationId,
      to: contact.email,
      subject: 'You have a new secure message',
      text: `You have a new secure message from your care team. Sign in to read it:\n\n${link}\n\nDo not reply to this e-mail. In a life-threatening emergency, call 911.`,
      html: `<p>You have a new secure message from your care team.</p><p><a href="${link}">Sign in to read it</a></p><p>Do not reply to this e-mail. In a life-threatening emergency, call 911.</p>`,
    });
  } catch (error) {
    // The message is saved and shows in the app; a failed notice must not fail the sending.
    deps.log.warn({ err: { type: (error as Error).name } }, 'new-message notice not sent');
  }
}
