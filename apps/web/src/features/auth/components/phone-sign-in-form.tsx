import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { notify } from '../../../lib/notify';
import { useSendPhoneOtp } from '../api/send-phone-otp';
import { useVerifyPhoneOtp } from '../api/verify-phone-otp';
import { isE164PhoneNumber, isOtpCode, normalizePhoneNumber } from '../utils/phone-number';

interface PhoneSignInFormProps {
  onSignedIn: () => void;
  onBack: () => void;
}

/** Phone sign-in: number in E.164 form, 'Send code', then the 6-digit code. */
export function PhoneSignInForm({ onSignedIn, onBack }: PhoneSignInFormProps) {
  const { t } = useTranslation();
  const sendOtp = useSendPhoneOtp();
  const verifyOtp = useVerifyPhoneOtp();
  const [phoneInput, setPhoneInput] = useState('');
  // The number the code was sent to; null while still on the first step.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const send = (phoneNumber: string) => {
    setFormError(null);
    sendOtp.mutate(phoneNumber, {
      onSuccess: () => {
        setSentTo(phoneNumber);
        setCode('');
      },
      onError: (error) => setFormError(apiErrorMessage(error, t('auth.phone.failed'))),
    });
  };

  const submitNumber = (event: FormEvent) => {
    event.preventDefault();
    const phoneNumber = normalizePhoneNumber(phoneInput);
    if (!isE164PhoneNumber(phoneNumber)) {
      setFieldError(t('auth.phone.invalidNumber'));
      return;
    }
    setFieldError(null);
    send(phoneNumber);
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    const trimmed = code.trim();
    if (!isOtpCode(trimmed)) {
      setFieldError(t('auth.phone.invalidCode'));
      return;
    }
    setFieldError(null);
    setFormError(null);
    verifyOtp.mutate(
      { phoneNumber: sentTo, code: trimmed },
      {
        onSuccess: () => {
          notify.success(t('auth.phone.success'));
          onSignedIn();
        },
        onError: (error) => setFormError(apiErrorMessage(error, t('auth.phone.failed'))),
      },
    );
  };

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
              value={phoneInput}
              onChange={(event) => {
                setPhoneInput(event.currentTarget.value);
                setFieldError(null);
              }}
              error={fieldError}
              data-autofocus
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
              value={code}
              onChange={(event) => {
                setCode(event.currentTarget.value.replace(/\D/g, ''));
                setFieldError(null);
              }}
              error={fieldError}
              data-autofocus
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
                  setFieldError(null);
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
