import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { addGatewayInputSchema, parseGatewayQr } from '@opencare/schemas/entities/gateways';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError, asApiError } from '../../api/api-error';
import { trpc } from '../../api/trpc';
import { errorMessageOf } from '../../api/error-message';
import { BackLink } from '../../components/page/back-link';
import { PageFrame } from '../../components/page/page-frame';
import { useNotifications } from '../../components/notifications/use-notify';
import { pathTo, ROUTES } from '../../route-paths';
import { useFieldMessage } from '../../components/form/use-field-message';
import { useGatewayMessages } from './use-gateway-messages';
import { gatewayPath, useAccountId } from './gateway-links';
import { useAddGatewayMutation } from './gateway-queries';
import { QrScanner } from './qr-scanner';

type Field = 'mac' | 'pairingCode' | 'displayName';
type FieldErrors = Partial<Record<Field, string>>;
const fieldOf = (name: unknown): Field =>
  name === 'displayName' || name === 'pairingCode' ? name : 'mac';

/** An OPENCARE-GW:… text (scanned, pasted or typed into the MAC field). */
const isQrText = (text: string) => /^OPENCARE-GW:/i.test(text.trim());

/** B827EB123456 → B8:27:EB:12:34:56, as printed on labels. */
export const formatMac = (mac: string) => mac.match(/.{2}/g)?.join(':') ?? mac;

/**
 * /gateways/setup: add a gateway the installer has paired (`gateway-agent pair`) by the 12-digit MAC
 * and the pairing code it shows, or by its QR code, which carries both (spec §5). The code proves the
 * patient holds the box; the server answers an unknown MAC, a taken gateway and a wrong code alike
 * (`macNotFound`), shown under the code with both fields marked.
 */
export function GatewaySetupPage() {
  const { t } = useTranslation('gateways');
  const { t: tc } = useTranslation();
  const message = useFieldMessage(useGatewayMessages());
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const accountId = useAccountId();
  const utils = trpc.useUtils();
  const add = useAddGatewayMutation();
  const [mac, setMac] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [pairingCode, setPairingCode] = useState('');
  const [scanned, setScanned] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  /** The server knows no gateway waiting with this MAC and code: both fields are marked. */
  const [noMatch, setNoMatch] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  /** The text of a QR code, scanned or pasted into the MAC field. */
  function applyQrText(text: string): boolean {
    const parsed = parseGatewayQr(text);
    if (!parsed) return false;
    setMac(formatMac(parsed.mac));
    if (parsed.pairingCode) setPairingCode(parsed.pairingCode);
    setScanned(formatMac(parsed.mac));
    setErrors({});
    setNoMatch(false);
    return true;
  }

  function onScanned(text: string) {
    if (!applyQrText(text)) setScanned('invalid');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setNoMatch(false);
    // A QR text typed into the MAC field carries its pairing code too.
    let code = pairingCode;
    let typed = mac;
    if (isQrText(mac)) {
      const parsed = parseGatewayQr(mac);
      if (parsed) {
        typed = parsed.mac;
        code = parsed.pairingCode ?? code;
      }
    }
    const input = addGatewayInputSchema.safeParse({
      mac: typed,
      displayName: displayName.trim() === '' ? undefined : displayName,
      pairingCode: code,
    });
    if (!input.success) {
      const found: FieldErrors = {};
      for (const issue of input.error.issues) found[fieldOf(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const gateway = await add.mutateAsync({ patientId: accountId, ...input.data });
      notify({
        id: 'gateway-added',
        message: t('setup.added', { name: gateway.displayName }),
        tone: 'success',
      });
      let path = pathTo('gatewayInfo', { gatewayName: gateway.id });
      try {
        // The patient's list, fresh, in the cache the menu and the gateway screens read.
        const all = await utils.gateways.mine.fetch(undefined, { staleTime: 0 });
        path = gatewayPath(gateway, all);
      } catch {
        // The id finds it as well.
      }
      void navigate(path);
    } catch (caught) {
      const error = asApiError(caught);
      if (error instanceof ApiError && error.key === 'macNotFound') {
        setNoMatch(true);
        setErrors({ pairingCode: errorMessageOf(tc, error) });
      } else if (error instanceof ApiError && error.key === 'macInvalid')
        setErrors({ mac: errorMessageOf(tc, error) });
      else if (error instanceof ApiError && error.errors.length > 0) {
        const found: FieldErrors = {};
        for (const issue of error.errors) found[fieldOf(issue.field)] ??= message(issue.message);
        setErrors(found);
      } else setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageFrame
      title={t('setup.title')}
      intro={t('setup.intro')}
      back={<BackLink to={ROUTES.gateways} label={t('title')} />}
    >
      <Alert color="blue" variant="light" role="note" data-testid="setup-duration">
        {t('setup.duration')}
      </Alert>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="gateway-type-title">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <Title order={2} size="h4" id="gateway-type-title">
              {t('setup.typeTitle')}
            </Title>
            <TextInput
              label={t('setup.mac')}
              description={t('setup.macHint')}
              value={mac}
              onChange={(event) => {
                setMac(event.currentTarget.value);
                setScanned(null);
              }}
              onPaste={(event) => {
                const text = event.clipboardData.getData('text');
                if (isQrText(text) && applyQrText(text)) event.preventDefault();
              }}
              error={message(errors.mac) ?? noMatch}
              autoComplete="off"
              spellCheck={false}
              dir="ltr"
              required
              maw={360}
            />
            <TextInput
              label={t('setup.pairingCode')}
              description={t('setup.pairingCodeHint')}
              value={pairingCode}
              onChange={(event) => setPairingCode(event.currentTarget.value)}
              onPaste={(event) => {
                const text = event.clipboardData.getData('text');
                if (isQrText(text) && applyQrText(text)) event.preventDefault();
              }}
              error={message(errors.pairingCode)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              dir="ltr"
              required
              maw={360}
              data-testid="pairing-code"
            />
            {scanned && scanned !== 'invalid' && (
              <Text size="sm" c="green.8" aria-live="polite" data-testid="qr-scanned">
                {t('setup.scanned', { mac: scanned })}
              </Text>
            )}
            <TextInput
              label={t('setup.displayName')}
              description={t('setup.displayNameHint')}
              value={displayName}
              onChange={(event) => setDisplayName(event.currentTarget.value)}
              error={message(errors.displayName)}
              maxLength={60}
              maw={360}
            />
            {failure !== null && (
              <Alert color="red" variant="light" role="alert">
                {errorMessageOf(tc, failure)}
              </Alert>
            )}
            <Button type="submit" loading={busy} w="fit-content">
              {t('setup.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="gateway-scan-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="gateway-scan-title">
            {t('setup.scanTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('setup.scanIntro')}
          </Text>
          {scanned === 'invalid' && (
            <Alert color="orange" variant="light" role="alert">
              {t('setup.notGatewayQr')}
            </Alert>
          )}
          <QrScanner onText={onScanned} />
        </Stack>
      </Paper>
    </PageFrame>
  );
}
