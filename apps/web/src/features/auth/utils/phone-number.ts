// The phone sign-in rules live in the domain (its phoneNumberForm and otpCodeForm use them).
export { isE164PhoneNumber, isOtpCode, normalizePhoneNumber } from '@teamshuffle/domain';
