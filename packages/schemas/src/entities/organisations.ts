import { z } from 'zod';

const tally = z.number().int().nonnegative();

/** The organisation at a glance, for its admins' home (issue 17): counts only, nobody named. */
export const organisationOverviewSchema = z.object({
  /** Patient accounts that are active. */
  activePatients: tally,
  /** Provider accounts (admins, physicians, nurses, assistants) that are active. */
  staff: tally,
  /** Invitations neither accepted, revoked nor expired. */
  pendingInvitations: tally,
  /** Gateways a patient has added that are not connected now. */
  gatewaysOffline: tally,
  /** Alerts nobody has acknowledged yet. */
  openAlerts: tally,
  /** Readings taken in the last 24 hours. */
  readingsLastDay: tally,
});
export type OrganisationOverview = z.infer<typeof organisationOverviewSchema>;
