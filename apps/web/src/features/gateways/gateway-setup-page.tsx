import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { addGatewayInputSchema, parseGatewayQr } from '@opencare/schemas/entities/gateways';
import { ERRORS } from '@opencare/schemas/errors';
import { useState, type ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { trpc } from '../../api/trpc';
import { blankToUndefined } from '../../components/form/form-errors';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { BackLink } from '../../components/page/back-link';
import { PageFrame } from '../../components/page/page-frame';
import { useNotifications } from '../../components/notifications/use-notify';
import { pathTo, ROUTES } from '../../route-paths';
import { useGatewayMessages } from './use-gateway-messages';
import { gatewayPath, useAccountId } from './gateway-links';
import { useAddGatewayMutation } from './gateway-queries';
import { QrScanner } from './qr-scanner';

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
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const accountId = useAccountId();
  const utils = trpc.useUtils();
  const add = useAddGatewayMutation();
  const [scanned, setScanned] = useState<string | null>(null);
  const { form, field, formRef, onSubmit, submitting: busy, failureText } = useSchemaForm({
    schema: addGatewayInputSchema,
    initialValues: { mac: '', pairingCode: '', displayName: '' },
    toBody: ({ mac, pairingCode, displayName }) => {
      // A QR text typed into the MAC field carries its pairing code too.
      const parsed = isQrText(mac) ? parseGatewayQr(mac) : null;
      return {
        mac: parsed?.mac ?? mac,
        displayName: blankToUndefined(displayName),
        pairingCode: parsed?.pairingCode ?? pairingCode,
      };
    },
    // One answer for an unknown MAC, a taken gateway and a wrong code: said under the code.
    fieldsOfKey: { macNotFound: 'pairingCode', macInvalid: 'mac' },
    messages: useGatewayMessages(),
    submit: async (body) => {
      const gateway = await add.mutateAsync({ patientId: accountId, ...body });
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
    },
  });
  /** The server knows no gateway waiting with this MAC and code: the MAC is marked as well. */
  const noMatch = form.errors.pairingCode === ERRORS.macNotFound.message;

  /** The text of a QR code, scanned or pasted into the MAC field. */
  function applyQrText(text: string): boolean {
    const parsed = parseGatewayQr(text);
    if (!parsed) return false;
    form.setValues({
      mac: formatMac(parsed.mac),
      ...(parsed.pairingCode ? { pairingCode: parsed.pairingCode } : {}),
    });
    setScanned(formatMac(parsed.mac));
    return true;
  }

  function onScanned(text: string) {
    if (!applyQrText(text)) setScanned('invalid');
  }

  const pasteQr = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (isQrText(text) && applyQrText(text)) event.preventDefault();
  };
  const macProps = field('mac');

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
        <form ref={formRef} onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Title order={2} size="h4" id="gateway-type-title">
              {t('setup.typeTitle')}
            </Title>
            <TextInput
              {...macProps}
              label={t('setup.mac')}
              description={t('setup.macHint')}
              onChange={(event) => {
                form.setFieldValue('mac', event.currentTarget.value);
                setScanned(null);
              }}
              onPaste={pasteQr}
              error={macProps.error ?? noMatch}
              aria-invalid={macProps.error !== undefined || noMatch || undefined}
              autoComplete="off"
              spellCheck={false}
              dir="ltr"
              required
              maw={360}
            />
            <TextInput
              {...field('pairingCode')}
              label={t('setup.pairingCode')}
              description={t('setup.pairingCodeHint')}
              onPaste={pasteQr}
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
              {...field('displayName')}
              label={t('setup.displayName')}
              description={t('setup.displayNameHint')}
              maxLength={60}
              maw={360}
            />
            <FormFailure text={failureText} />
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
