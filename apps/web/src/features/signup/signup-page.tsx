import { Button, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormFailure } from '../../components/form/form-failure';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/use-session';
import { AccountSetupStep } from './account-setup-step';
import { ActivationCodeStep } from './activation-code-step';
import { CheckEmail } from './check-email';
import { FlowCard } from './flow-card';
import { PreferencesStep } from './preferences-step';
import { TermsAcceptance } from './terms-and-conditions';
import { useSignupForm } from './use-signup-form';

type StepId = 'code' | 'setup' | 'preferences' | 'terms';

/**
 * Self sign-up (spec §2, Sign-up steps): activation code, account setup, account preferences, terms.
 * The activation-code step is skipped when this tab already holds a session's token.
 */
export function SignupPage() {
  const { t } = useTranslation('signup');
  const { state: session } = useSession();
  const hasToken = session.status !== 'signed-out';
  const steps: StepId[] = hasToken
    ? ['setup', 'preferences', 'terms']
    : ['code', 'setup', 'preferences', 'terms'];

  const [active, setActive] = useState(0);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [codeNotice, setCodeNotice] = useState<string | undefined>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const narrow = useMediaQuery('(max-width: 40em)');

  const step = steps[Math.min(active, steps.length - 1)] ?? 'setup';
  const goTo = (id: StepId) => setActive(Math.max(0, steps.indexOf(id)));

  // A new step is announced by moving focus to its heading, and the page starts at its top. The
  // step seen last is remembered, so a re-run of the effect (development's double mount) does nothing.
  const shownStep = useRef(`${active}:${sentTo ?? ''}`);
  useEffect(() => {
    const now = `${active}:${sentTo ?? ''}`;
    if (shownStep.current === now) return;
    shownStep.current = now;
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
  }, [active, sentTo]);

  // Declared after the heading's effect, so that after a refused step the first field in error,
  // not the heading, ends up with focus.
  const form = useSignupForm({ onSent: (started) => setSentTo(started.email), backTo: goTo });

  function next(event: FormEvent<HTMLFormElement>) {
    if (step === 'terms') {
      form.onSubmit(event);
      return;
    }
    event.preventDefault();
    form.clearFailure();
    if (step === 'setup' && !form.checkSetup()) return;
    goTo(step === 'setup' ? 'preferences' : 'terms');
  }

  const title = (
    <Title order={1} size="h2" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
      {sentTo ? t('checkEmail.heading') : t(`steps.${step}.title`)}
    </Title>
  );

  if (sentTo) {
    return (
      <FlowCard title={title}>
        <CheckEmail
          email={sentTo}
          onEnterCode={() => {
            setSentTo(null);
            setCodeNotice(t('activation.fromEmail'));
            setActive(0);
          }}
        />
      </FlowCard>
    );
  }

  return (
    <FlowCard title={title}>
      <Stepper
        active={active}
        onStepClick={(index) => index < active && setActive(index)}
        allowNextStepsSelect={false}
        size="sm"
        orientation="horizontal"
        iconSize={narrow ? 28 : undefined}
        aria-label={t('steps.label')}
      >
        {steps.map((id) => (
          <Stepper.Step
            key={id}
            label={narrow ? undefined : t(`steps.${id}.short`)}
            aria-label={t(`steps.${id}.short`)}
          />
        ))}
      </Stepper>
      <Text size="sm" c="dimmed">
        {t('steps.progress', { current: active + 1, total: steps.length })}
      </Text>

      {step === 'code' ? (
        <ActivationCodeStep onNoCode={() => goTo('setup')} notice={codeNotice} />
      ) : (
        <form
          ref={form.formRef}
          noValidate
          onSubmit={next}
          aria-label={t(`steps.${step}.title`)}
        >
          <Stack gap="lg">
            <FormFailure text={form.failureText} testId="signup-error" />
            {step === 'setup' && <AccountSetupStep form={form} />}
            {step === 'preferences' && <PreferencesStep />}
            {step === 'terms' && <TermsAcceptance {...form.field('termsAccepted', { type: 'checkbox' })} />}
            <Group justify="space-between" gap="sm">
              {active > 0 ? (
                <Button variant="default" onClick={() => setActive(active - 1)}>
                  {t('actions.back')}
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit" loading={form.submitting}>
                {step === 'terms' ? t('actions.createAccount') : t('actions.next')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </FlowCard>
  );
}
