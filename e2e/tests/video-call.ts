import type { APIRequestContext } from '@playwright/test';
import { apiAs } from './api-as';

/**
 * What the video-visit specs share. Chromium's fake camera and microphone, allowed without a
 * prompt; browsers of one machine reach each other over loopback.
 */
export const CALL_LAUNCH_OPTIONS = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--allow-loopback-in-peer-connection',
  ],
};

/** A telemedicine visit of the physician with `patient` that began a minute ago and lasts an hour. */
export async function visitNow(request: APIRequestContext, patient = 'patient') {
  const physician = await apiAs(request, 'physician');
  const { accountId } = await apiAs(request, patient);
  const visit = await physician.post<{ id: string; code: string }>('/visits', {
    patientId: accountId,
    type: 'tv',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    durationMinutes: 60,
  });
  return { ...visit, patientId: accountId };
}
