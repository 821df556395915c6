import { USER_SLOT_RULE } from '@opencare/schemas/entities/gateways';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeatureMessages } from '../../components/form/use-field-message';

type ValidationKey =
  | 'macInvalid'
  | 'pairingCode'
  | 'nameRequired'
  | 'nameTooLong'
  | 'ssidRequired'
  | 'ssidTooLong'
  | 'passwordShort'
  | 'passwordLong'
  | 'required'
  | 'userSlot';

/**
 * The schemas (packages/schemas entities/gateways) and the server word field messages in en-US;
 * this table turns those words back into keys so each language can say them.
 */
const EXACT: Record<string, ValidationKey> = {
  'The MAC number must have 12 digits.': 'macInvalid',
  'The pairing code must be 8 to 32 letters and digits.': 'pairingCode',
  'Enter a name.': 'nameRequired',
  'Display name must be at most 60 characters.': 'nameTooLong',
  'Choose a network.': 'ssidRequired',
  'A network name has at most 32 characters.': 'ssidTooLong',
  'A Wi-Fi password has at least 8 characters.': 'passwordShort',
  'A Wi-Fi password has at most 63 characters.': 'passwordLong',
  'This field is required.': 'required',
  [USER_SLOT_RULE]: 'userSlot',
};

/** The gateway schemas' messages in the reader's words, for the form toolkit's useFieldMessage. */
export function useGatewayMessages(): FeatureMessages {
  const { t } = useTranslation('gateways');
  return useCallback(
    (message: string) => {
      const key = EXACT[message];
      if (key) return t(`validation.${key}`);
      // zod's own length message for the names (max 60).
      if (/at most 60/.test(message) || /<=60/.test(message)) return t('validation.nameTooLong');
      return undefined;
    },
    [t],
  );
}
