import { Container, Stack, Title } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { Trans } from 'react-i18next';
import { Loading } from '../components/data/load-state';
import { Disclaimer } from '../components/disclaimer';
import { lazyPage } from '../components/layouts/lazy-page';
import { HOME_STRINGS, homeKindOf, type HomeKind } from '../features/home/home-queries';
import type { Language } from '../i18n/language';
import { sessionStore } from '../session/session-store';
import { useSession } from '../session/use-session';

// Each role's home is a chunk of its own (issue 17): a clinician does not download the patient's
// task calendar (@mantine/dates), nor a patient the clinician's worklist.
const PatientHome = lazyPage(() => import('../features/home/patient-home'), 'PatientHome', HOME_STRINGS.patient);
const ClinicianHome = lazyPage(() => import('../features/home/clinician-home'), 'ClinicianHome', HOME_STRINGS.clinician);
const AdminHome = lazyPage(() => import('../features/home/admin-home'), 'AdminHome', HOME_STRINGS.admin);
const OtherHome = lazyPage(() => import('../features/home/other-home'), 'OtherHome', HOME_STRINGS.other);

const HOMES = { patient: PatientHome, clinician: ClinicianHome, admin: AdminHome, other: OtherHome } as const;

/**
 * Downloads the home this device showed last, with this page's own code (routes.tsx): a page
 * opening at home then has it before the session is known, one round trip sooner on a phone
 * (issue 16). A wrong guess costs one download; the right home renders regardless.
 */
export function preloadLastHome(language?: Language): Promise<unknown> {
  const kind = sessionStore.lastHome.get();
  // Own keys only: storage holds whatever was written there, `toString` included.
  return kind && Object.hasOwn(HOMES, kind) ? HOMES[kind as HomeKind].preload(language).catch(() => undefined) : Promise.resolve();
}

/**
 * Home: who is welcomed (the account menu says the rest), then the acting role's own home. The
 * name keeps its test id: the end-to-end sign-in helper waits for it on every home.
 */
export function HomePage() {
  const { state } = useSession();
  const kind = state.status === 'signed-in' ? homeKindOf(state.account) : null;
  useEffect(() => {
    if (kind) sessionStore.lastHome.set(kind);
  }, [kind]);
  // RequireSession renders this page only when signed in.
  if (state.status !== 'signed-in' || !kind) return null;
  const Home = HOMES[kind];

  return (
    <Container size={kind === 'clinician' || kind === 'admin' ? 'lg' : 'md'} px={0} py="md">
      <Stack>
        <Title order={1} size="h3" fw={500}>
          <Trans
            i18nKey="home.welcome"
            values={{ name: state.user.fullName }}
            components={{ name: <span data-testid="user-full-name" /> }}
          />
        </Title>
        <Disclaimer />
        <Suspense fallback={<Loading />}>
          <Home />
        </Suspense>
      </Stack>
    </Container>
  );
}
