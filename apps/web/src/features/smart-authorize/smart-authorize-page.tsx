import { Alert, Container, Loader, Center, Stack, Text } from '@mantine/core';
import type { SmartAuthorizeRequest } from '@opencare/schemas/entities/smart-clients';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ApiError, asApiError } from '../../api/api-error';
import { errorMessageOf } from '../../api/error-message';
import type { BookingPatient } from '../appointments/patient-picker';
import { ConsentCard } from './consent-card';
import { useConsentQuery, useDecideMutation } from './smart-authorize-queries';

/** Where the browser goes with the answer: the app's redirect URI (a full-page navigation, leaving this app). */
export const leaveFor = {
  go(url: string) {
    window.location.assign(url);
  },
};

/**
 * /authorize: the consent step of SMART App Launch. The FHIR server's authorize endpoint sends the
 * person here with the app's request (signing in first, then back); they see which app asks, what it
 * will read and whose record, and Allow or Deny. The server checks the request again and answers
 * where to go: the app's redirect URI with a code, or with access_denied.
 */
export function SmartAuthorizePage() {
  const { t } = useTranslation('smartAuthorize');
  const { t: tc } = useTranslation();
  const [params] = useSearchParams();
  const request = useMemo<SmartAuthorizeRequest>(() => Object.fromEntries(params), [params]);
  const consent = useConsentQuery(request);
  const decide = useDecideMutation();
  const [deciding, setDeciding] = useState<'allow' | 'deny' | null>(null);
  const [patient, setPatient] = useState<BookingPatient | null>(null);
  const choosing = consent.data?.choosePatient === true;
  // The server's "choose the patient" goes under the picker; any other refusal above the buttons.
  const refusal = asApiError(decide.error);
  const onPicker = refusal instanceof ApiError && refusal.errors.some((issue) => issue.field === 'patientId');

  function onDecide(allow: boolean) {
    setDeciding(allow ? 'allow' : 'deny');
    decide.mutate(
      // Only an allowed choice names the patient; a denial hands nothing out.
      { request, allow, ...(allow && choosing && patient ? { patientId: patient.accountId } : {}) },
      {
        // Stays "deciding" while the browser leaves, so nothing can be pressed twice.
        onSuccess: ({ redirectTo }) => leaveFor.go(redirectTo),
        onError: () => setDeciding(null),
      },
    );
  }

  return (
    <Container size={560} px={{ base: 0, xs: 'md' }} py="md">
      {consent.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label={t('loading')} />
        </Center>
      ) : consent.isError ? (
        <Stack gap="sm">
          <Alert color="red" variant="light" role="alert" title={t('refusedTitle')} data-testid="smart-consent-error">
            {errorMessageOf(tc, consent.error)}
          </Alert>
          <Text size="sm">{t('refusedHint')}</Text>
        </Stack>
      ) : (
        <ConsentCard
          consent={consent.data}
          deciding={deciding}
          failure={decide.isError && !onPicker ? errorMessageOf(tc, decide.error) : null}
          onDecide={onDecide}
          choice={{
            value: patient,
            onChange: (chosen) => {
              setPatient(chosen);
              decide.reset();
            },
            error: onPicker ? t('picker.required') : undefined,
          }}
        />
      )}
    </Container>
  );
}
