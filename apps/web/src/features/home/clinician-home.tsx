import { SimpleGrid, Stack } from '@mantine/core';
import { useSession } from '../../session/use-session';
import { BehindOnReadings } from './behind-on-readings';
import { clinicianScope } from './home-queries';
import { IncompleteVisits } from './incomplete-visits';
import { OpenAlerts } from './open-alerts';
import { TodaysVisits } from './todays-visits';
import { UnreadMail } from './unread-mail';
import { WaitingRoomCard } from '../visits/waiting/waiting-room-card';

/**
 * The clinician's day (issue 17): today's visits first, then what waits for the care team (open
 * alerts, patients behind on their readings, mail, visits to complete). Each
 * section asks only what the role may read (docs/access-control.md), so no home is refused:
 * assistants see the clinic's visits, the alerts and who is behind, but have no mailbox, no
 * incomplete-visits list and no patient snapshot to open.
 */
export function ClinicianHome() {
  const { state } = useSession();
  if (state.status !== 'signed-in') return null;
  const { physicianOrNurse, own } = clinicianScope(state.account);
  return (
    <Stack gap="md" data-testid="clinician-home">
      {physicianOrNurse && <WaitingRoomCard />}
      <TodaysVisits providerId={own} linkPatient={physicianOrNurse} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
        <OpenAlerts linkPatient={physicianOrNurse} />
        <BehindOnReadings linkPatient={physicianOrNurse} />
        {physicianOrNurse && <UnreadMail />}
        {own && <IncompleteVisits providerId={own} />}
      </SimpleGrid>
    </Stack>
  );
}
