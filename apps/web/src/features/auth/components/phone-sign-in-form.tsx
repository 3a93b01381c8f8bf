import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { otpCodeForm, phoneNumberForm } from '@teamshuffle/domain';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSchemaForm } from '../../../lib/form/use-schema-form';
import { notify } from '../../../lib/notify';
import { useSendPhoneOtp } from '../api/send-phone-otp';
import { useVerifyPhoneOtp } from '../api/verify-phone-otp';

interface PhoneSignInFormProps {
  onSignedIn: () => void;
  onBack: () => void;
}

/** Phone sign-in: number in E.164 form, 'Send code', then the 6-digit code. */
export function PhoneSignInForm({ onSignedIn, onBack }: PhoneSignInFormProps) {
  const { t } = useTranslation();
  const sendOtp = useSendPhoneOtp();
  const verifyOtp = useVerifyPhoneOtp();
  const numberForm = useSchemaForm(phoneNumberForm, { initialValues: { phoneNumber: '' } });
  const codeForm = useSchemaForm(otpCodeForm, { initialValues: { code: '' } });
  // The number the code was sent to; null while still on the first step.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const send = (phoneNumber: string) => {
    setFormError(null);
    sendOtp.mutate(phoneNumber, {
      onSuccess: () => {
        setSentTo(phoneNumber);
        codeForm.reset();
      },
      onError: (error) => setFormError(apiErrorMessage(error, t('auth.phone.failed'))),
    });
  };

  const submitNumber = numberForm.onSubmit(({ phoneNumber }) => send(phoneNumber));

  const submitCode = codeForm.onSubmit(({ code }) => {
    if (!sentTo) return;
    setFormError(null);
    verifyOtp.mutate(
      { phoneNumber: sentTo, code },
      {
        onSuccess: () => {
          notify.success(t('auth.phone.success'));
          onSignedIn();
        },
        onError: (error) => setFormError(apiErrorMessage(error, t('auth.phone.failed'))),
      },
    );
  });

  const errorAlert = formError ? (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
      {formError}
    </Alert>
  ) : null;
  const devHint = import.meta.env.DEV ? (
    <Text size="xs" c="dimmed">
      {t('auth.phone.devHint')}
    </Text>
  ) : null;

  return (
    <Stack gap="sm">
      {sentTo === null ? (
        <form onSubmit={submitNumber} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('auth.phone.intro')}
            </Text>
            {errorAlert}
            <TextInput
              label={t('auth.fields.phoneNumber')}
              placeholder={t('auth.placeholders.phoneNumber')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              withAsterisk
              data-autofocus
              {...numberForm.getInputProps('phoneNumber')}
            />
            <Button type="submit" fullWidth loading={sendOtp.isPending}>
              {t('auth.phone.sendCode')}
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={submitCode} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t('auth.phone.codeSent', { phoneNumber: sentTo })}</Text>
            {devHint}
            {errorAlert}
            <TextInput
              label={t('auth.fields.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              withAsterisk
              data-autofocus
              {...codeForm.getInputProps('code')}
              onChange={(event) =>
                codeForm.setFieldValue('code', event.currentTarget.value.replace(/\D/g, ''))
              }
            />
            <Button type="submit" fullWidth loading={verifyOtp.isPending}>
              {t('auth.phone.verify')}
            </Button>
            <Group justify="space-between">
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => send(sentTo)}
                disabled={sendOtp.isPending}
              >
                {t('auth.phone.resend')}
              </Anchor>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => {
                  setSentTo(null);
                  setFormError(null);
                  numberForm.clearErrors();
                }}
              >
                {t('auth.phone.changeNumber')}
              </Anchor>
            </Group>
          </Stack>
        </form>
      )}
      <Button
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
        onClick={onBack}
      >
        {t('auth.phone.back')}
      </Button>
    </Stack>
  );
}
