import { describe, expect, it } from 'vitest';
import { ERRORS, errorKeys, errorMessage, isErrorKey } from './errors';

const FALLBACK = 'Something went wrong, please try again.';

describe('ERRORS (spec §8 catalogue)', () => {
  it.each([
    ['invalidInvitation', 400],
    ['invalidCredentials', 401],
    ['noContent', 204],
    ['sessionExpired', 401],
    ['invalidDate', 0],
    ['invalidGateways', 0],
    ['mediaDevicesNotSupported', 0],
    ['invalidMediaStream', 0],
    ['languageError', 0],
    ['err_network', 0],
    ['err_forbidden', 403],
    ['invalidResponseData', 0],
    ['unknown', 500],
  ] as const)('has %s with status %i', (key, status) => {
    expect(ERRORS[key].status).toBe(status);
  });

  it('uses the exact transport messages of the spec', () => {
    expect(ERRORS.err_network.message).toBe('Network Error');
    expect(ERRORS.invalidResponseData.message).toBe('Invalid response data');
    expect(ERRORS.unknown.message).toBe(FALLBACK);
  });

  it.each([
    // Account
    'invalidCredentials',
    'usernameOrEmailTaken',
    'invalidInvitation',
    'invalidActivationCode',
    'alreadyActivated',
    'signupRequestExists',
    'noActiveSignupRequest',
    'resendTooSoon',
    'verificationRecentlySent',
    'usernameNotAvailable',
    'accountTypeRequired',
    'tokenExpired',
    'tokenInvalid',
    'tokenRequired',
    'accountInactive',
    'sessionExpired',
    'userCreationFailed',
    'tokenIssueFailed',
    // Appointment
    'appointmentExpired',
    'appointmentCanceled',
    'joinTooEarly',
    'appointmentCompleted',
    'appointmentNotAvailable',
    'appointmentNotToday',
    'appointmentInFuture',
    'appointmentMissed',
    'joinOutsideWindow',
    'unableToJoin',
    'visitActiveElsewhere',
    'visitEnded',
    'visitFull',
    'visitNotCompleted',
    'visitNoteSigned',
    'visitNoteNotSigned',
    'careTimeOverlaps',
    'careTimeBeyondSource',
    'accountAwaitingApproval',
    'patientNotAwaitingApproval',
    'alreadyEnrolled',
    'enrolmentNotAwaitingConsent',
    'enrolmentNotActive',
    'setupAlreadyRecorded',
    'reportMonthOpen',
    'reportSigned',
    'caregiverAlreadyLinked',
    'caregiverLinkNotOpen',
    // Media
    'noCamera',
    'noMicrophone',
    'noSpeakers',
    'mediaPermissionDenied',
    'pictureInPictureUnsupported',
    'dualStreamUnsupported',
    'screenShareUnsupported',
    'deviceInUse',
    'toggleFailed',
    'flipFailed',
    'muteFailed',
    'switchFailed',
    'secondaryCameraNotFound',
    // Gateway and Bluetooth
    'macNotFound',
    'macInvalid',
    'macAlreadyAssigned',
    'gatewayMissing',
    'gatewayNotConnected',
    'bluetoothUnsupported',
    'bluetoothOff',
    'locationPermissionRequired',
    'wifiScanFailed',
    'wifiConnectFailed',
    'registrationFailed',
    'gatewayCommandError',
    'gatewayResponseError',
    // Generic
    'err_network',
    'err_forbidden',
    'noContent',
    'reportTechnicalIssue',
  ])('covers the %s message of spec §8', (key) => {
    expect(isErrorKey(key)).toBe(true);
  });

  it.each(errorKeys)('%s has a valid status and a non-empty message', (key) => {
    const { status, message } = ERRORS[key];
    expect(Number.isInteger(status)).toBe(true);
    // 0 marks an error raised in the client only; everything else is a real HTTP status.
    expect(status === 0 || (status >= 200 && status <= 599)).toBe(true);
    expect(message.trim()).not.toBe('');
  });

  it('gives the statuses design.md promises', () => {
    expect(ERRORS.validationFailed.status).toBe(400);
    expect(ERRORS.payloadTooLarge.status).toBe(413);
    expect(ERRORS.rateLimited.status).toBe(429);
    expect(ERRORS.notFound.status).toBe(404);
    expect(ERRORS.usernameOrEmailTaken.status).toBe(409);
    expect(ERRORS.idempotencyKeyReused.status).toBe(422);
    expect(ERRORS.requestInFlight.status).toBe(409);
  });

  it('says what a person can do where the spec says so', () => {
    expect(ERRORS.appointmentCanceled.message).toMatch(/contact us to reschedule/i);
    expect(ERRORS.alreadyActivated.message).toMatch(/log in or reset your password/i);
    expect(ERRORS.resendTooSoon.message).toMatch(/5 minutes/);
    expect(ERRORS.invalidCredentials.message).toMatch(/invalid username or password/i);
  });

  it('lists every key once in errorKeys', () => {
    expect(errorKeys).toEqual(Object.keys(ERRORS));
  });
});

describe('isErrorKey', () => {
  it('knows catalogue keys only, not inherited object properties', () => {
    expect(isErrorKey('invalidCredentials')).toBe(true);
    expect(isErrorKey('nope')).toBe(false);
    expect(isErrorKey('toString')).toBe(false);
    expect(isErrorKey('__proto__')).toBe(false);
    expect(isErrorKey('constructor')).toBe(false);
    expect(isErrorKey(undefined)).toBe(false);
    expect(isErrorKey(401)).toBe(false);
  });
});

describe('errorMessage', () => {
  it('gives the catalogue message of a key', () => {
    expect(errorMessage('sessionExpired')).toBe(ERRORS.sessionExpired.message);
  });

  it('fills {{placeholders}} from the parameters', () => {
    expect(errorMessage('joinTooEarly', { minutes: 15 })).toBe(
      'You cannot join more than 15 minutes before the start.',
    );
    expect(errorMessage('joinTooEarly', { minutes: '5' })).toBe(
      'You cannot join more than 5 minutes before the start.',
    );
    expect(errorMessage('joinTooEarly', { minutes: 0 })).toBe(
      'You cannot join more than 0 minutes before the start.',
    );
  });

  it('leaves a placeholder it has no value for as it is', () => {
    expect(errorMessage('joinTooEarly')).toBe(
      'You cannot join more than {{minutes}} minutes before the start.',
    );
    expect(errorMessage('joinTooEarly', { hours: 2 })).toContain('{{minutes}}');
  });

  it('falls back to "Something went wrong, please try again." for an unknown key', () => {
    expect(errorMessage('noSuchKey')).toBe(FALLBACK);
    expect(errorMessage('')).toBe(FALLBACK);
    expect(errorMessage('toString')).toBe(FALLBACK);
  });

  it('leaves every catalogue message without a placeholder unchanged', () => {
    for (const key of errorKeys) {
      if (!ERRORS[key].message.includes('{{'))
        expect(errorMessage(key, { minutes: 1 })).toBe(ERRORS[key].message);
    }
  });
});
