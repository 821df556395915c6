import { Affix, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useCallSnapshot, useOptionalActiveCall } from './use-active-call';

/** Elsewhere in the app while a visit runs in picture-in-picture: the way back to the call. */
export function ReturnToCall() {
  const { t } = useTranslation('visits');
  const active = useOptionalActiveCall();
  const snapshot = useCallSnapshot(active?.call ?? null);
  const { pathname, search } = useLocation();
  const path = active?.screenPath;
  if (!path || snapshot?.phase !== 'inCall' || `${pathname}${search}` === path) return null;
  return (
    <Affix position={{ bottom: 20, left: 20 }} zIndex={300}>
      <Button component={Link} to={path} color="green" radius="xl" data-testid="return-to-call">
        {t('call.returnToCall')}
      </Button>
    </Affix>
  );
}
