/**
 * The error catalogue of spec §8: every key the product can raise, its HTTP status and its en-US message.
 * Services throw by key; the transports translate a key to its status and message, nothing else does.
 * Status 0 marks errors raised in the client only (no server answer).
 * A message may hold {{placeholders}} that the thrower fills in.
 */
export const ERRORS = {
  // Generic and transport
  unknown: { status: 500, message: 'Something went wrong, please try again.' },
  err_network: { status: 0, message: 'Network Error' },
  err_forbidden: { status: 403, message: 'Sorry, you do not have permission to access this page.' },
  noContent: { status: 204, message: 'There is nothing to show here.' },
  notFound: { status: 404, message: 'We could not find what you asked for.' },
  validationFailed: { status: 400, message: 'Some fields are not valid. Please check them and try again.' },
  malformedRequest: { status: 400, message: 'The request could not be read.' },
  unsupportedMediaType: { status: 415, message: 'The request must be sent as JSON.' },
  payloadTooLarge: { status: 413, message: 'The request is too large.' },
  rateLimited: { status: 429, message: 'Too many attempts. Please wait a minute and try again.' },
  invalidResponseData: { status: 0, message: 'Invalid response data' },
  reportTechnicalIssue: { status: 500, message: 'Something is not working. Please report a technical issue.' },
  serviceUnavailable: { status: 503, message: 'The service is not available right now. Please try again shortly.' },
  mailDisabled: { status: 503, message: 'E-mail is turned off on this server, so this cannot be sent. Please ask your administrator.' },
  languageError: { status: 0, message: 'The language could not be loaded.' },
  invalidDate: { status: 0, message: 'The date is not valid.' },
  invalidGateways: { status: 0, message: 'The gateway list is not valid.' },

  // Account
  invalidCredentials: { status: 401, message: 'Invalid username or password.' },
  usernameOrEmailTaken: { status: 409, message: 'This username or e-mail is already associated with another account.' },
  invalidInvitation: { status: 400, message: 'This invitation is no longer valid.' },
  invalidActivationCode: { status: 400, message: 'The activation code is not valid.' },
  alreadyActivated: { status: 409, message: 'This account is already activated. Please log in or reset your password.' },
  signupRequestExists: {
    status: 409,
    message: 'An active sign-up request exists for this e-mail. Please check your e-mail to verify it.',
  },
  noActiveSignupRequest: { status: 404, message: 'No active sign-up request was found. Please sign up again.' },
  signupNotVerified: { status: 409, message: 'Please verify your e-mail before completing sign-up.' },
  resendTooSoon: { status: 429, message: 'You can resend only once every 5 minutes.' },
  verificationRecentlySent: {
    status: 429,
    message: 'A verification e-mail was sent recently. Please wait a few minutes before asking again.',
  },
  usernameNotAvailable: { status: 409, message: 'This username is not available.' },
  accountTypeRequired: { status: 400, message: 'Account type is required.' },
  accountTypeByInvitation: { status: 403, message: 'This type of account can only be created by invitation.' },
  tokenExpired: { status: 401, message: 'Your token has expired. Please log in again.' },
  tokenInvalid: { status: 401, message: 'Your token is not valid. Please log in again.' },
  tokenRequired: { status: 401, message: 'A token is required. Please log in again.' },
  accountInactive: { status: 403, message: 'Your account is inactive. Please contact support.' },
  accountLocked: { status: 403, message: 'Your account is locked. Please contact support.' },
  loginTemporarilyLocked: {
    status: 429,
    message: 'Too many failed sign-ins for this account. Try again in 15 minutes, or reset your password.',
  },
  passwordResetInvalid: { status: 400, message: 'This password-reset link is not valid or has already been used. Please ask for a new one.' },
  passwordResetExpired: { status: 400, message: 'This password-reset link has expired. Please ask for a new one.' },
  sessionExpired: { status: 401, message: 'Your session has expired. Please log in again.' },
  currentPasswordIncorrect: { status: 400, message: 'The current password is not correct.' },
  userCreationFailed: { status: 500, message: 'We could not create the user. Please try again.' },
  tokenIssueFailed: { status: 500, message: 'We could not issue a token. Please try again.' },
  defaultAccountRequired: { status: 409, message: 'A user must keep exactly one default account.' },
  lastAdmin: { status: 409, message: 'The last administrator cannot be locked out.' },
  // Two-factor sign-in (TOTP)
  twoFactorCodeInvalid: { status: 400, message: 'That code is not valid. Enter the current code from your authenticator app, or a recovery code.' },
  twoFactorChallengeExpired: { status: 401, message: 'This sign-in has expired. Please enter your username and password again.' },
  twoFactorRequiredByPolicy: { status: 409, message: 'Two-factor sign-in is required for your account and cannot be turned off.' },
  twoFactorNotEnabled: { status: 409, message: 'Two-factor sign-in is not turned on for your account.' },
  twoFactorAlreadyEnabled: { status: 409, message: 'Two-factor sign-in is already turned on for your account.' },
  twoFactorSetupMissing: { status: 409, message: 'This set-up has expired. Please start again and scan the new code.' },
  twoFactorStaffOnly: { status: 403, message: 'Two-factor sign-in is for staff accounts.' },

  // Appointment
  appointmentExpired: { status: 409, message: 'This appointment has expired.' },
  appointmentCanceled: { status: 409, message: 'This appointment was canceled. Please contact us to reschedule.' },
  joinTooEarly: { status: 409, message: 'You cannot join more than {{minutes}} minutes before the start.' },
  appointmentCompleted: { status: 409, message: 'This appointment is already completed.' },
  appointmentNotAvailable: { status: 404, message: 'This appointment is not available.' },
  appointmentNotToday: { status: 409, message: 'This appointment is not scheduled for today.' },
  appointmentInFuture: { status: 409, message: 'This appointment is in the future.' },
  appointmentMissed: { status: 409, message: 'This appointment was missed.' },
  joinOutsideWindow: { status: 409, message: 'You cannot join outside the scheduled time window.' },
  unableToJoin: { status: 409, message: 'We could not join, check in or start the visit.' },
  visitActiveElsewhere: {
    status: 409,
    message: 'You are in this visit on another device. Take over to continue here.',
  },
  visitEnded: { status: 409, message: 'This visit has ended.' },
  visitFull: {
    status: 409,
    message: 'This video visit already has {{max}} people, the most it can take. Try again when someone leaves.',
  },
  callCheckUploadType: { status: 415, message: "The connection check's test upload must be sent as raw bytes." },
  visitChatFull: { status: 409, message: 'This visit’s chat is full: it holds at most {{max}} messages.' },
  visitNotCompleted: { status: 409, message: 'This visit is not completed yet.' },
  visitNoteSigned: { status: 409, message: 'This note is signed and cannot be changed. Add an addendum instead.' },
  careTimeOverlaps: { status: 409, message: 'You already have time counted in this stretch. Choose another time, or correct the entry that holds it.' },
  careTimeBeyondSource: { status: 409, message: 'A correction cannot add time: this entry counted {{minutes}} minutes. Add the rest as an entry of its own.' },
  accountAwaitingApproval: {
    status: 403,
    message: 'Thank you for signing up. The clinic checks new patients before they join; you can log in once a member of staff has approved your account.',
  },
  patientNotAwaitingApproval: { status: 409, message: 'This patient is not waiting for approval.' },
  alreadyEnrolled: { status: 409, message: 'This patient is already enrolled in remote monitoring (or waits to consent). End or withdraw that first.' },
  enrolmentNotAwaitingConsent: { status: 409, message: 'This enrolment does not wait for consent.' },
  enrolmentNotActive: { status: 409, message: 'This enrolment has ended.' },
  setupAlreadyRecorded: { status: 409, message: 'The device set-up and education of this episode is already recorded.' },
  reportMonthOpen: { status: 409, message: 'The report of a month is ready once the month has ended. Choose an earlier month.' },
  reportSigned: { status: 409, message: 'This month\'s report is already signed.' },
  caregiverAlreadyLinked: { status: 409, message: 'This person is already invited or linked as a caregiver for this patient.' },
  caregiverLinkNotOpen: { status: 409, message: 'This caregiver invitation or link has already ended or been answered.' },
  visitNoteNotSigned: { status: 409, message: 'Sign the note before adding an addendum; until then, edit the note.' },
  slotNotAvailable: { status: 409, message: 'This time is not available. Please choose another time.' },
  appointmentLimitReached: {
    status: 409,
    message: 'This patient already has {{max}} upcoming appointments. Cancel one before booking another.',
  },

  // Media (raised in the client)
  mediaDevicesNotSupported: { status: 0, message: 'This browser cannot use a camera or microphone. Open the visit in an up-to-date Chrome, Edge, Firefox or Safari.' },
  invalidMediaStream: { status: 0, message: 'The video could not be read. Turn your camera off and on again, then try again.' },
  noCamera: { status: 0, message: 'No camera was found.' },
  noMicrophone: { status: 0, message: 'No microphone was found.' },
  noSpeakers: { status: 0, message: 'No speakers were found.' },
  mediaPermissionDenied: { status: 0, message: "The browser was not allowed to use the camera or microphone. Allow it in the browser's settings for this site, then try again." },
  pictureInPictureUnsupported: { status: 0, message: 'This browser does not support picture in picture.' },
  dualStreamUnsupported: { status: 0, message: 'This browser cannot show a second camera. Try an up-to-date Chrome or Edge.' },
  screenShareUnsupported: { status: 0, message: 'This browser does not support screen sharing.' },
  deviceInUse: { status: 0, message: 'Another app is using the camera or microphone. Close it, then try again.' },
  toggleFailed: { status: 0, message: 'We could not turn the device on or off.' },
  flipFailed: { status: 0, message: 'We could not flip the camera.' },
  muteFailed: { status: 0, message: 'We could not mute or unmute.' },
  switchFailed: { status: 0, message: 'We could not switch the device.' },
  secondaryCameraNotFound: { status: 0, message: 'No second camera was found.' },

  // Gateway and Bluetooth
  // One answer for an unknown MAC, a gateway already assigned and a wrong pairing code, so adding a
  // gateway tells nobody which MACs exist or are taken (docs/gateways.md).
  macNotFound: { status: 404, message: 'No gateway is waiting to be added with this MAC number and pairing code. Check both on the gateway.' },
  macInvalid: { status: 400, message: 'The MAC number must have 12 digits.' },
  macAlreadyAssigned: { status: 409, message: 'This gateway is already assigned.' },
  gatewayMissing: { status: 404, message: 'The gateway was not found.' },
  gatewayNotConnected: { status: 409, message: 'The gateway is not connected.' },
  bluetoothUnsupported: { status: 0, message: 'Bluetooth is not supported on this device.' },
  bluetoothOff: { status: 0, message: 'Bluetooth is turned off.' },
  locationPermissionRequired: { status: 0, message: 'Location permission is required to find devices.' },
  wifiScanFailed: { status: 502, message: 'The Wi-Fi scan failed.' },
  wifiConnectFailed: { status: 502, message: 'The gateway could not connect to Wi-Fi.' },
  registrationFailed: { status: 500, message: 'The gateway registration failed.' },
  gatewayCommandError: { status: 502, message: 'The gateway could not run the command.' },
  gatewayResponseError: { status: 502, message: 'The gateway sent a response we could not read.' },
  deviceAlreadyPaired: { status: 409, message: 'A device with this address is already paired with this gateway.' },

  // Vendors and device profiles
  vendorIdentifierTaken: { status: 409, message: 'This identifier already belongs to a vendor.' },
  deviceProfileIncomplete: {
    status: 400,
    message: 'A complete device profile needs a vendor, a measurement, a device and at least one task.',
  },
  deviceProfileInUse: { status: 409, message: 'Patients’ devices are read with this profile, so it cannot be deleted.' },
  deviceProfileBuiltIn: {
    status: 409,
    message: 'Built-in device profiles cannot be changed. Duplicate this one to make your own.',
  },

  // Device writes (design.md, idempotency)
  idempotencyKeyRequired: { status: 400, message: 'An idempotency key is required.' },
  idempotencyKeyReused: { status: 422, message: 'This idempotency key was already used with a different request.' },
  requestInFlight: { status: 409, message: 'The same request is still being processed.' },

  // Measurements, schedules and tasks; integration API keys
  taskNotPending: { status: 409, message: 'This task is already complete or cancelled.' },
  heldReadingReviewed: { status: 409, message: 'This reading has already been reviewed.' },
  heldReadingOtherUser: { status: 409, message: 'This reading was taken under another user of the meter: it is another person’s and cannot be added to this patient’s record.' },
  scheduleEnded: { status: 409, message: 'This schedule has ended and can no longer be changed.' },
  apiKeyInvalid: { status: 401, message: 'The API key is not valid or was revoked.' },
  smartClientInvalid: { status: 401, message: 'The client could not be authenticated.' },
  smartScopeRefused: { status: 400, message: 'None of the scopes asked for may be given to this client.' },
  smartTokenRequestInvalid: { status: 400, message: 'The token request is not valid.' },
  smartTokenInvalid: { status: 401, message: 'The access token is not valid, has expired or its client was revoked. Ask the token endpoint for a new one.' },
  smartScopeMissing: { status: 403, message: 'The access token’s scopes do not allow reading this resource.' },
  smartClientRevoked: { status: 409, message: 'This client was revoked and cannot be changed.' },
  smartAppUnknown: { status: 400, message: 'This app is not registered here, or it was revoked, or it asked to return to an address it did not register.' },
  smartAuthorizeInvalid: { status: 400, message: 'The app’s request is not valid (it must use PKCE with S256, ask for a code and name this FHIR server). Go back to the app and try again.' },

  // Alerts
  alertAssigneeNotClinician: { status: 422, message: 'An alert can only be assigned to a physician, nurse or assistant of your organisation.' },
  onCallNotClinician: { status: 422, message: 'Only active physicians, nurses or assistants of your organisation can be on call.' },

  // Secure mail attachments
  attachmentTypeNotAllowed: { status: 415, message: 'Only PNG, JPEG and PDF files can be attached.' },
  attachmentTooLarge: { status: 413, message: 'An attachment can be at most 5 MB.' },
  tooManyAttachments: { status: 400, message: 'A message can have at most 3 attachments.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorKey = keyof typeof ERRORS;
export const errorKeys = Object.keys(ERRORS) as ErrorKey[];

export function isErrorKey(key: unknown): key is ErrorKey {
  return typeof key === 'string' && Object.hasOwn(ERRORS, key);
}

/** Fill a catalogue message's {{placeholders}}; unknown keys fall back to `unknown` (spec §8). */
export function errorMessage(key: string, params: Record<string, string | number> = {}): string {
  const template: string = isErrorKey(key) ? ERRORS[key].message : ERRORS.unknown.message;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(params[name] ?? whole));
}

/** A field-level problem, as a 400 carries them. */
export interface FieldIssue {
  field: string;
  message: string;
}
