/**
 * Every message that crosses the wire or appears in a form, in English, keyed by a stable code.
 * The server answers these texts; the client shows them through i18n under `messages.<code>`
 * (see `messageKey`), so a Spanish user reads the same rule in Spanish.
 * Texts quoted by the product brief (sections 4, 5 and 8) are verbatim and must not be reworded.
 * The four the HTTP client writes itself live in http-messages.ts (the login page loads the
 * client without this catalogue) and are taken from there.
 */
import { HTTP_MESSAGES } from './http-messages';

export { errorTextFromBody } from './http-messages';

export const MESSAGES = {
  // Error catalogue (product brief section 8)
  credentialsIncorrect: HTTP_MESSAGES.credentialsIncorrect,
  connectionError: HTTP_MESSAGES.connectionError,
  genericError: HTTP_MESSAGES.genericError,
  mediationNotSupported: 'Mediation is not supported :(',
  paymentMethodAdded: 'Payment Method has been added',
  subscriptionActivated: 'Thank you for activating your subscription!',
  subscriptionCanceled: "Your subscription has been canceled. We're sorry to see you go!",
  notificationMarkedRead: 'Notification Marked as Read',
  notificationArchived: 'Archived Notification',
  errorLoadingPdf: 'Error loading PDF',

  // HTTP-level errors the server answers
  invalidInput: 'Some fields are not valid',
  invalidJson: 'The request body is not valid JSON',
  unsupportedMediaType: 'Unsupported content type',
  bodyTooLarge: 'The request body is too large',
  characterNotAllowed: 'Contains a character that is not allowed',
  unauthorized: 'You need to sign in',
  invalidToken: 'The token is invalid or has expired',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  routeNotFound: 'This API route does not exist',
  conflict: 'This conflicts with existing data',
  tooManyRequests: 'Too many attempts. Please wait and try again',
  internalError: 'Something went wrong on our side. Please try again',
  invalidCredentials: 'Invalid email or password',
  accountDisabled: 'This account is disabled',
  refreshTokenInvalid: 'The session has expired. Please sign in again',
  sessionClosed: 'Your session has been closed',
  emailTaken: 'An account with this email already exists',

  // Field rules (product brief section 5 and ours)
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  passwordWeak: 'Password must contain an uppercase letter, a lowercase letter, a number and a symbol',
  passwordsDoNotMatch: 'Passwords do not match',
  codeRequired: 'Code is required',
  codeFormat: 'The code must be exactly 6 digits',
  codeInvalid: 'The code is not valid or has expired',
  codeSent: 'If an account exists for this email, we sent a 6-digit code to it',
  passwordChanged: 'Your password has been changed. You can sign in now',
  tokenRequired: 'Token is required',
  nameRequired: 'Name is required',
  nameTooLong: 'Must be at most 100 characters long',
  companyNameRequired: 'Company name is required',
  roleInvalid: 'Choose a valid role',
  cardholderNameRequired: 'Cardholder name is required',
  cardholderNameMin: 'Cardholder name must be at least 3 characters long',
  cardholderNameMax: 'Cardholder name must be at most 50 characters long',
  cardNumberRequired: 'Card number is required',
  expFormat: 'Expiry date must be in MM/YY format',
  cvcFormat: 'CVC must be 3 or 4 digits',
  onlyDigits: 'Must be only digits',
  exactlyFiveDigits: 'Must be exactly 5 digits',
  fieldRequired: 'This field is required',
  mustBeNumber: 'Must be a number',
  // A number field holding text that is not a number (src/ui/forms/number-text.ts): never dropped.
  numberInvalid: 'Enter a number, such as 12 or 12.5',
  mustBeText: 'Must be text',
  mustBeBoolean: 'Must be true or false',
  mustBeInteger: 'Must be a whole number',
  mustBePositive: 'Must be 1 or more',
  tooLarge: 'Must be at most {{max}}',
  invalidValue: 'Invalid value',
  tooSmall: 'Must be at least {{min}}',
  textTooShort: 'Must be at least {{min}} characters long',
  textTooLong: 'Must be at most {{max}} characters long',
  phoneInvalid: 'Enter a valid phone number',
  urlInvalid: 'Enter a valid web address starting with http:// or https://',
  dateInvalid: 'Enter a valid date',
  optionInvalid: 'Choose one of the listed values',
  referenceMissing: 'The selected record does not exist',
  uniqueTaken: 'This value is already used by another record',
  // A declared record's state (transitions, requiredWhen; src/domain/resources/record-rules.ts)
  statusTransition: 'This status cannot follow the current one',
  recordLocked: 'This record is closed: reopen it to change it',
  tooManyItems: 'Choose at most {{max}}',
  // A record's child rows and its number assigned on save (FieldDeclaration.lines, numbering)
  linesTooFew: 'Add at least {{min}} line',
  linesTooMany: 'At most {{max}} lines',
  linesInvalid: 'Send the lines as a list of rows',
  // Invoices (src/domain/invoices)
  discountOneKind: 'Give the discount as an amount or a percent, not both',
  invoiceDiscountTooLarge: 'The discount is larger than the total of the lines',
  dueBeforeIssue: 'The due date cannot be before the issue date',
  invoicePayLinkNeedsSent: 'Send the invoice before making its payment link',
  invoicePaymentUnderWay: 'A payment of this invoice is under way. Try again in a minute',
  // Live chat (src/domain/chat)
  chatRateLimited: 'You are sending messages too fast. Please wait a moment and try again',
  chatClosed: 'This conversation is closed',
  chatOriginRefused: 'This chat cannot be used on this website',
  // Quotes (src/domain/quotes)
  quoteMoveDateInPast: 'The move date cannot be in the past',
  quoteValidUntilPast: 'Valid until cannot be before today',
  quoteNotWaiting: 'This quote is no longer waiting for an answer',
  quoteExpired: 'This quote has expired. Ask the mover for a new one',
  quoteSendExpired: 'This quote has expired: change its valid-until date before sending it',
  quoteSlotUnavailable:
    'The mover can no longer take your move at this date and time. Please contact them to agree on another one',
  quoteSendUnbookable:
    'The customer could not accept this quote: its move cannot be booked at this date and time. Times that fit: {{next}}',
  quoteSendNoTimes:
    'The customer could not accept this quote: its move cannot be booked at this date and time, and no time fits in the next {{days}} days',
  numberPatternInvalid: 'The pattern needs {#} for the number (e.g. INV-{YYYY}-{####}), at most 40 characters',

  // Team members (product brief section 7, CRM Team and Member)
  memberInvited: 'Invitation sent. The new member activates the account with the code we emailed',
  memberNotActivated: 'Activate your account with the code from your invitation email',
  memberStillInvited: 'This member has not accepted the invitation yet',
  memberNotFound: 'This team member does not exist',
  invitationCodeSent: 'If an invitation is waiting for this email, we sent a new code to it',
  privilegeMissing: 'Your team privileges do not include this screen',

  // Venues and their schedule (club owners)
  venueNotFound: 'This venue does not exist',
  venueHasReservations: 'This venue has upcoming reservations ({{count}}). Cancel them before deleting the venue',
  venueHasEvents: 'This venue has upcoming events ({{count}}). Cancel them before deleting the venue',
  timeInvalid: 'Enter a time between 00:00 and 23:59',
  closesWhenOpens: 'Closing time must differ from opening time',
  weekdayTwice: 'Each weekday can have one set of hours',
  hoursRequired: 'Enter opening and closing times, or mark the day closed',
  specialDateTaken: 'This date already has special hours',
  specialDateInPast: 'Choose today or a later date',
  timeZoneInvalid: 'Choose a time zone from the list',

  // Reservations (reservation_management)
  reservationNotFound: 'This reservation does not exist',
  guestNameRequired: 'Guest name is required',
  guestPhoneRequired: 'Phone is required',
  partySizeRange: 'Party size must be a whole number from 1 to 500',
  partyTooLarge: 'A party of {{partySize}} does not fit: the chosen tables have {{places}} places',
  durationRange: 'A stay lasts from 30 minutes to 12 hours',
  startsAtInvalid: 'Enter a valid date and time',
  reservationInPast: 'A reservation cannot start in the past',
  reservationNightClosed: 'The venue is closed on the night of {{date}}',
  reservationOutsideHours: 'That night the venue is open {{opens}} – {{closes}}: the stay must fit within those hours',
  tablesRequired: 'Choose at least one table',
  tableTwice: 'Each table can be chosen once',
  tableUnknown: 'Table {{table}} is not in the saved floor plan',
  tableTaken: 'Table {{table}} is already booked at that time',
  tableUnavailable: 'Table {{table}} is not taking reservations',
  reservationClosed: 'This reservation is cancelled, paid or a no-show and can no longer be changed',
  reservationStatusStep: "This status cannot follow the reservation's current status",
  floorPlanMissing: 'This venue has no floor plan yet: draw its tables first',
  suggestionSingle: 'The smallest table free at that time with room for {{partySize}} ({{places}} places)',
  suggestionPair: 'No single free table seats {{partySize}}; these two together have {{places}} places',
  suggestionNone: 'No free table or pair of tables seats {{partySize}} at that time',

  // Door check (qr_verification) and the guest's ticket page
  passRequired: 'Scan a QR code or type the pass code',
  passNotFound: 'This ticket does not exist',

  // Business info (business_info)
  colorInvalid: 'Enter a colour as #RRGGBB',
  countryInvalid: 'Choose a country from the list',
  postalCodeInvalid: 'Enter a valid postal code',
  logoType: 'The logo must be a PNG, JPEG or WebP image',
  logoTooLarge: 'The logo must be at most 2 MB',
  logoPixels: 'The logo is too large: at most 40 megapixels',
  logoUnreadable: 'The logo could not be read; the file may be damaged',
  logoRequired: 'Choose an image for the logo',

  // Gallery (club_gallery_management)
  galleryImageType: 'The image must be a PNG, JPEG or WebP file',
  galleryImageTooLarge: 'The image must be at most 10 MB',
  galleryImagePixels: 'The image is too large: at most 40 megapixels',
  galleryImageUnreadable: 'The image could not be read; the file may be damaged',
  galleryImageRequired: 'Choose an image to upload',
  galleryImageNotFound: 'This image does not exist',
  galleryNothingToChange: 'Give a caption or a cover choice',
  galleryOrderEmpty: 'List the images in their new order',
  galleryOrderTwice: 'Each image can appear once in the order',

  // Events and tickets (club_event_management)
  eventNotFound: 'This event does not exist',
  eventInPast: 'The event cannot start in the past',
  eventTooFar: 'The event must start within the next two years',
  eventEndsBeforeStart: 'The end must be after the start',
  eventTooLong: 'An event can last at most 7 days',
  eventCancelled: 'This event is cancelled',
  ticketTypesRequired: 'Add at least one ticket type',
  ticketTypeNotFound: 'Choose one of the event ticket types',
  ticketTypeHasTickets: 'This ticket type has tickets issued and cannot be removed',
  quantityBelowIssued: 'At least {{count}} tickets are already issued',
  ticketsSoldOut: 'No tickets of this type are left',
  priceCents: 'Enter a price in dollars and cents',
  eventCancelledSubject: 'Cancelled: {{name}}',
  ticketIssuedSubject: 'Your ticket for {{name}}',

  // Seating layout (the venue's floor plan: walls, tables, bars)
  layoutSizeInvalid: 'The floor must be 1 to {{max}} cells wide and high',
  layoutTooManyItems: 'A floor plan holds at most {{max}} items',
  layoutIdTwice: 'The id {{id}} is used twice in the floor plan',
  layoutItemParent: 'An item of {{name}} belongs to another table or bar',
  wallOutside: 'The wall at row {{row}}, column {{col}} is outside the floor',
  tableOutside: 'Table {{name}} is outside the floor',
  barOutside: 'Bar {{name}} is outside the floor',
  tableEmpty: 'Table {{name}} has no place on the floor',
  barEmpty: 'Bar {{name}} has no place on the floor',
  tablesOverlap: 'Tables {{first}} and {{second}} overlap',
  tableOnWall: 'Table {{name}} stands on a wall',
  tableOnBar: 'Table {{name}} overlaps bar {{bar}}',
  venueOverCapacity: 'The venue holds {{capacity}} guests at a time; with this booking it would have {{guests}}',
  barOnWall: 'Bar {{name}} stands on a wall',
  barsOverlap: 'Bars {{first}} and {{second}} overlap',
  tableApart: 'The places of table {{name}} must touch each other',
  barApart: 'The parts of bar {{name}} must touch each other',
  wallTwice: 'Two walls stand at row {{row}}, column {{col}}',
  tablePlacesInvalid: 'Table {{name}} needs 1 to {{max}} places',
  tableNameRequired: 'Table {{identifier}} needs a name',
  tableIdentifierTwice: 'Two tables share the identifier {{identifier}}',
  // The editor's "place" edit (put the selected item at a typed cell): why it cannot go there.
  placeOutside: '{{name}} does not fit at row {{row}}, column {{col}}: the floor is {{width}} × {{height}} cells',
  placeOnWall: '{{name}} cannot go to row {{row}}, column {{col}}: there is a wall there',
  placeTaken: '{{name}} cannot go to row {{row}}, column {{col}}: {{other}} is there',
  wallPlaceTaken: 'A wall cannot go to row {{row}}, column {{col}}: {{other}} stands there',
  wallPlaceOnWall: 'There is already a wall at row {{row}}, column {{col}}',
  layoutStale:
    'Someone else saved a newer layout of this floor (version {{version}}). Load their version, then make your changes again',

  // Webhooks (club owners' settings/webhooks)
  webhookNotFound: 'This webhook endpoint does not exist',
  webhookDeliveryNotFound: 'This delivery does not exist',
  webhookUrlRequired: 'Enter the address that receives the events',
  webhookUrlInvalid: 'Enter a valid web address starting with https://',
  webhookUrlHttps: 'The address must start with https://',
  webhookUrlCredentials: 'The address must not contain a user name or password',
  webhookUrlTooLong: 'The address must be at most 2000 characters long',
  webhookUrlPrivate: 'Webhooks can only be sent to public addresses, not to private or local ones',
  webhookDescriptionTooLong: 'The description must be at most 200 characters long',
  webhookEventsRequired: 'Choose at least one event',
  webhookLimit: 'A business can have at most 20 webhook endpoints',
  webhookHostPrivate: '{{host}} resolves to {{address}}, a private or local address: not sent',
  webhookHostUnresolved: 'Could not resolve host {{host}}',
  webhookTimeout: 'No answer within {{seconds}} seconds',
  webhookConnectionFailed: 'Could not connect to {{host}} ({{reason}})',
  webhookHttpStatus: 'The endpoint answered HTTP {{status}}',
  webhookEndpointOff: 'The endpoint is turned off',

  // Declared resources (lists, CSV, references)
  unknownFilter: 'Unknown filter "{{name}}". Allowed: {{allowed}}',
  unknownSort: 'Cannot sort by "{{name}}". Allowed: {{allowed}}',
  sortOrderInvalid: 'Sort order must be asc or desc',
  stillReferenced: 'This record is still used by {{count}} {{resource}} and cannot be deleted',
  protectedRow: 'This record is built in and cannot be deleted',
  idsRequired: 'Choose at least one record',
  bulkActionUnknown: 'Unknown bulk action',
  csvFileRequired: 'Attach a CSV file',
  csvEmpty: 'The CSV file has no rows',
  csvHeaderUnknown: 'Unknown column "{{name}}"',
  csvBadRows: 'Some rows are not valid; nothing was imported',

  // Fleet reports and deliveries (src/domain/reports)
  reportPeriodOrder: 'The period must end after it starts',
  reportClosed: 'This report is closed: reopen it to change it',
  reportAlreadyClosed: 'This report is already closed',
  reportNotClosed: 'This report is open already',
  discountKindInvalid: 'Choose an amount or a percent',
  discountAmountInvalid: 'Enter the discount in dollars and cents, 0 or more',
  discountPercentInvalid: 'Enter a percent from 0 to 100, with at most 2 decimals',
  discountTooLarge: 'The discount is larger than the price',
  reportDiscountTooLarge: 'The report discount is larger than the total of its deliveries',
  deliveryDateRequired: 'Enter the delivery date',
  deliveryDateInvalid: 'Enter a valid date',
  deliveryOutsidePeriod: 'The delivery date must be within the report period, {{from}} to {{to}}',
  originRequired: 'Enter where the delivery started',
  destinationRequired: 'Enter where the delivery went',
  placeTooLong: 'At most 200 characters',
  distanceInvalid: 'Enter the distance in miles, 0 or more (at most 1 decimal)',
  weightInvalid: 'Enter the weight in whole pounds, 0 or more',
  priceInvalid: 'Enter the price in dollars and cents, from 0 to $1,000,000',
  exportFormatInvalid: 'Choose pdf or csv',
  proofRequired: 'Choose a photo or signature image',
  proofTooLarge: 'The proof of delivery must be at most 5 MB',
  proofType: 'The proof of delivery must be a PNG, JPEG or WebP image',

  // Notifications (bulk actions)
  notificationIdsRequired: 'Choose at least one notification',
  notificationIdsInvalid: 'Some notification ids are not valid',
  notificationIdsNotFound: 'Some notifications do not exist or are not yours',
  pushEndpointNotAllowed: 'This push service is not supported',
  accountVerifiedTitle: 'Your account has been verified',
  accountVerifiedMessage: 'An administrator verified your account. Welcome aboard!',

  // Two-factor (product brief sections 2, 4 and 7)
  twoFactorRequired: HTTP_MESSAGES.twoFactorRequired,
  twoFactorLocked: 'Too many wrong codes. Two-factor checks are paused for up to 15 minutes',
  twoFactorCodeFormat: 'Enter the 6-digit code from your app or a recovery code',
  twoFactorAlreadyEnabled: 'Two-factor authentication is already enabled',
  twoFactorNotEnabled: 'Two-factor authentication is not enabled',
  twoFactorSetupExpired: 'This setup has expired. Start again to get a new QR code',

  // Passkeys (WebAuthn)
  passkeyChallengeInvalid: 'This passkey request has expired. Please try again',
  passkeyNotRecognized: 'This passkey is not registered for any account',
  passkeyVerificationFailed: 'The passkey could not be verified',
  passkeyAlreadyRegistered: 'This passkey is already registered',
  passkeyLimitReached: 'You can register at most 10 passkeys',
  passkeyNameRequired: 'Passkey name is required',
  passkeyNameTooLong: 'Passkey name must be at most 64 characters long',

  // Profile (product brief section 7, Profile) and completing an account on /register
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone number is required',
  phoneChangeNeedsCode: 'To replace your phone number, use Change phone: the new number needs a code',
  emailSameAsCurrent: 'This is already your email',
  phoneSameAsCurrent: 'This is already your phone number',
  changeCodeSentEmail: 'If your new email can be used, we sent a 6-digit code to it',
  changeCodeSentPhone: 'We sent a 6-digit code by text message to your new phone number',
  codeCooldown: 'Please wait a minute before asking for another code',
  noPendingChange: 'There is no change waiting for a code. Please start again',
  emailChanged: 'Your email has been changed',
  phoneChanged: 'Your phone number has been changed',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'The current password is not correct',
  passwordSameAsCurrent: 'The new password must be different from the current one',
  passwordUpdated: 'Your password has been changed. Your other sessions were signed out',
  profileUpdated: 'Your profile has been updated',
  avatarType: 'The picture must be a PNG, JPEG, WebP or GIF image',
  avatarTooLarge: 'The picture must be at most 2 MB',
  detailsSubmittedMessage: 'Thank you! An administrator will review and verify your account',
  alreadyVerified: 'Your account is already verified',
  accountWaitingTitle: 'An account is waiting for verification',

  // Payments: card rules beyond product brief section 5's texts, processor answers (Stripe's wording), money flows
  cardNumberInvalid: 'Card number is not valid',
  expInPast: 'Expiry date cannot be in the past',
  stateInvalid: 'Choose a valid state',
  countryUsOnly: 'Country must be US',
  cardDeclined: 'Your card was declined.',
  cardInsufficientFunds: 'Your card has insufficient funds.',
  cardExpired: 'Your card has expired.',
  cardIncorrectCvc: "Your card's security code is incorrect.",
  cardProcessingError: 'An error occurred while processing your card. Try again in a little bit.',
  paymentServiceUnavailable: 'The payment service is not available. Please try again later',
  paymentMethodRequired: 'Add a payment method first',
  defaultCardUpdated: 'Default payment method updated',
  cardDeleted: 'Payment method deleted',
  amountRequired: 'Amount is required',
  amountInvalid: 'Enter an amount in dollars and cents, such as 12.50',
  amountMin: 'Amount must be at least $0.50',
  amountMax: 'Amount must be at most $999,999.99',
  descriptionRequired: 'Description is required',
  descriptionTooLong: 'Description must be at most 500 characters long',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 255 visible characters',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed',
  refundTooLarge: 'The refund cannot be more than the amount left to refund',
  refundNotAllowed: 'Only a paid transaction can be refunded',
  paymentLinkPaid: 'This payment link has already been paid',
  paymentLinkInactive: 'This payment link is no longer active',
  paymentSucceeded: 'Payment successful',
  planInvalid: 'Choose a valid plan',
  subscriptionAlreadyActive: 'You already have an active subscription to this plan',
  subscriptionNotActive: 'You have no active subscription',
  subscriptionRequired: 'An active subscription or free trial is required',
  subscriptionNeedsBusiness: 'Plans and subscriptions are for business accounts; this account has no business',
  connectAccountExists: 'A connected account already exists',
  connectAccountMissing: 'Create a connected account first',
  payoutTooLarge: 'The payout cannot be more than the available balance',
  webhookSignatureInvalid: 'The webhook signature is not valid',

  // Support desk (src/domain/support)
  supportSubjectRequired: 'Enter a subject',
  supportSubjectTooLong: 'The subject must be at most 120 characters long',
  supportCategoryInvalid: 'Choose a category',
  supportPriorityInvalid: 'Choose a priority',
  supportStatusInvalid: 'Choose a valid status',
  supportDescriptionRequired: 'Describe the problem',
  supportDescriptionTooShort: 'Describe the problem in at least 10 characters',
  supportDescriptionTooLong: 'The description must be at most 5000 characters long',
  supportReplyRequired: 'Write a reply',
  supportReplyTooLong: 'The reply must be at most 5000 characters long',
  supportAssigneeInvalid: 'Assign the ticket to an IT support user',
  supportNoteStaffOnly: 'Only IT support can write internal notes',
  supportTicketClosed: 'This ticket is closed; reopen it to reply',
  supportAlreadyClosed: 'This ticket is already closed',
  supportNotClosed: 'Only a closed ticket can be reopened',
  supportReopenExpired: 'A ticket closed more than 14 days ago cannot be reopened; open a new one',
  supportAttachmentRequired: 'Choose a screenshot or PDF to add',
  supportAttachmentTooLarge: 'The attachment must be at most 5 MB',
  supportAttachmentType: 'The attachment must be a PNG, JPEG, WebP or GIF image or a PDF',
  supportAttachmentsFull: 'A ticket can have at most 5 attachments',
  supportReplyTitle: 'New reply to your support ticket',

  // A declared resource's picture (an 'image' field: src/domain/resources/image.ts)
  recordImageType: 'Choose a PNG, JPEG or WebP picture',
  recordImageTooLarge: 'The picture must be at most {{max}} MB',
  recordImagePixels: 'The picture is too large: at most 40 megapixels',
  recordImageUnreadable: 'The picture could not be read; the file may be damaged',
  recordImageAsFile: 'Send the picture as a file (multipart), or null to remove it',

  // The catalogue (product_catalogue: src/domain/products/catalogue.ts)
  serviceNeedsDuration: 'A service needs its duration in minutes',

  // Businesses a user owns and their availability (src/domain/business/businesses.ts, src/domain/availability)
  dayOfWeekInvalid: 'Choose a day of the week',
  slotEndsBeforeStart: 'The end time must be after the start time',
  slotOverlaps: 'This time slot overlaps another one on the same day',
  breakOutsideSlot: 'A break must be inside its time slot',
  breaksOverlap: 'Breaks must not overlap',
  exceptionRangeReversed: 'The end date must be on or after the start date',
  exceptionRangeTooLong: 'An exception can cover at most {{max}} days',
  exceptionHoursRequired: 'Enter the hours for these dates, or mark them closed',
  exceptionOverlaps: 'These dates overlap another exception',
  closureCoversBookings:
    'Bookings fall on these days ({{count}}): choose whether to tell them or keep them as they are',
  openRangeTooLong: 'Ask for at most {{max}} days at a time',

  // Bookings (calendar_management: src/domain/bookings/rules.ts)
  customerNameRequired: "Enter the customer's name",
  bookingEndsBeforeStart: 'The booking must end after it starts',
  bookingInPast: 'A booking cannot start in the past',
  bookingOutsideAvailability: 'This time is outside the business hours',
  bookingTaken: 'This time is already booked. Choose another free slot',
  bookingProductUnknown: 'Choose a product or service from the catalogue',
  bookingProductInactive: 'This product or service is not active',
  bookingCancelled: 'This booking is cancelled',
  bookingDurationRange: 'A booking lasts from {{min}} to {{max}} minutes',
  bookingNeedsDuration: 'Choose a service or a duration',
  bookingRangeInvalid: 'Show at most {{max}} days at a time',

  // Service tickets (fleet jobs, src/domain/service-tickets)
  scheduleNeedsDate: 'Choose the date to schedule this ticket',
  windowEndBeforeStart: 'The window must end after it starts',
  commentRequired: 'Write a comment',
  attachmentType: 'Attach a PDF, PNG, JPEG or WebP file',
  attachmentTooLarge: 'The file must be at most 10 MB',
  attachmentRequired: 'Choose a file to attach',

  // WhatsApp templates (ws_template_management: src/domain/ws-templates/rules.ts). Meta's own rules
  // for message templates; the texts avoid double braces, which mark this catalogue's placeholders.
  wsNameRequired: 'Enter a template name',
  wsNameFormat: 'Use only lower-case letters, digits and _',
  wsNameTooLong: 'A template name is at most {{max}} characters',
  wsNameTaken: 'This business already has a template with this name',
  wsCategoryInvalid: 'Choose marketing, utility or authentication',
  wsLanguageInvalid: 'Choose a language from the list',
  wsHeaderFormatInvalid: 'Choose none, text, image, video or document',
  wsHeaderTextRequired: 'Enter the header text',
  wsHeaderTooLong: 'The header is at most {{max}} characters',
  wsHeaderOneVariable: 'The header can have at most one variable',
  wsHeaderExampleRequired: 'Give an example value for the header variable',
  wsHeaderMediaUrl: 'Give an example file by its https:// address',
  wsBodyRequired: 'The body is required',
  wsBodyTooLong: 'The body is at most {{max}} characters',
  wsVariableMalformed: 'Write a variable as a number between double braces, with nothing else inside',
  wsVariableZero: 'Variables are numbered from 1',
  wsVariablesGap: 'Number the variables 1, 2, 3… in order, without gaps',
  wsVariableAtStart: 'The body cannot start with a variable',
  wsVariableAtEnd: 'The body cannot end with a variable',
  wsVariablesAdjacent: 'Put some words between two variables',
  wsExampleRequired: 'Give an example value for this variable',
  wsFooterTooLong: 'The footer is at most {{max}} characters',
  wsFooterNoVariables: 'The footer cannot have variables',
  wsButtonsMax: 'A template has at most {{max}} buttons',
  wsButtonsMixed: 'Use quick replies or call-to-action buttons, not both',
  wsButtonTypeInvalid: 'Choose quick reply, web address or phone number',
  wsButtonTextRequired: 'Enter the button label',
  wsButtonTextTooLong: 'A button label is at most {{max}} characters',
  wsOneUrlButton: 'A template has at most one web address button',
  wsOnePhoneButton: 'A template has at most one phone number button',
  wsUrlInvalid: 'Enter a valid web address',
  wsUrlHttps: 'The web address must start with https://',
  wsUrlVariable: 'A web address can have one variable, only at its very end',
  wsUrlExampleRequired: 'Give an example value for the web address variable',
  wsPhoneInvalid: 'Enter the number in international format, like +15551234567',
  wsTemplateNotFound: 'This template does not exist',
  wsTemplateLocked: 'A submitted or approved template cannot be changed',
  wsNoteTooLong: 'A note is at most {{max}} characters',
  wsImportInvalid: 'This is not a WhatsApp template components list',
  // Email templates (email_templates_management: src/domain/email-templates/rules.ts)
  emailTemplateNameRequired: 'Enter a name for the template',
  emailTemplateNameTooLong: 'A template name is at most {{max}} characters',
  emailTemplateNameTaken: 'There is already an email template with this name',
  emailTemplateKindInvalid: 'Choose the kind of template',
  emailTemplatePlatformKindFixed: 'This is the platform’s {{kind}} mail: its kind cannot change',
  emailTemplateSubjectRequired: 'Enter a subject',
  emailTemplateSubjectTooLong: 'A subject is at most {{max}} characters',
  emailTemplateSourceRequired: 'Enter the template’s MJML source',
  emailTemplateSourceTooLarge: 'The MJML source is at most {{max}} KB; this one is larger',
  emailTemplateMjmlInvalid: 'Line {{line}}: {{message}}',
  emailTemplateNotFound: 'This email template does not exist',
  emailTemplateVersionNotFound: 'This version of the template does not exist',
  emailTemplateTestSubject: '[Test] {{subject}}',
  // File manager (file_management: src/domain/files/rules.ts)
  fileNameRequired: 'Enter a name',
  fileNameSlash: 'A name cannot contain / or \\',
  fileNameControl: 'A name cannot contain control characters such as line breaks or tabs',
  fileNameDots: 'A name cannot be . or ..',
  fileNameTooLong: 'A name is at most {{max}} characters',
  fileTypeRefused: 'This type of file cannot be stored here',
  fileTooLarge: 'A file must be at most {{max}} MB',
  fileRequired: 'Choose at least one file to upload',
  fileSelectionEmpty: 'Select at least one file or folder',
  fileSelectionTooLong: 'At most {{max}} items at once',
  fileColorInvalid: 'Choose a colour from the palette',
  fileNothingToChange: 'Give a new name or colour',
  fileNodeNotFound: 'This file or folder does not exist',
  fileTargetNotFolder: 'Paste into a folder',
  fileTargetDeleted: 'This folder is in the trash: restore it first',
  fileIntoItself: 'A folder cannot be moved into itself or a folder inside it',
  fileStale: 'This changed meanwhile: look again and retry',
  fileNameConflict: 'Already in this folder: {{names}}. Choose Replace, Keep both or Skip',
  fileNameTaken: 'There is already a file or folder with this name here',
  fileRootLocked: 'The top folder cannot be changed',
  fileNotInTrash: 'This item is not in the trash',
  fileZipTooLarge: 'This folder holds too many files to download at once',
  // Email domains (settings/domains: src/domain/domains/hostname.ts)
  domainHasScheme: 'Enter the domain only, without http:// or https://',
  domainHasPath: 'Enter the domain only, without a path (nothing after /)',
  domainHasPort: 'Enter the domain only, without a port',
  domainIsIp: 'Enter a domain name, not an IP address',
  domainDkimPasted: 'This looks like a DNS record. Enter the domain name only, such as example.com',
  domainInvalid: 'Enter a valid domain name, such as example.com',
  domainVerifiedTitle: 'Domain verified',
  domainVerifiedMessage: '{{domain}} is verified: mail can be sent as this domain',
  domainBrokenTitle: 'Domain records need attention',
  domainBrokenMessage: '{{domain}} was verified, but these records are now missing or wrong: {{records}}',
  senderOtherBusinessDomain: 'This address is on a domain another business has verified. Use an address of your own',
  senderAlreadyVerified: 'This sender is already verified',
  // The form builder (src/domain/forms)
  formFieldTypeUnknown: 'Unknown field type',
  formFieldKeyInvalid: 'Use lowercase letters, digits and _ (starting with a letter), at most 40',
  formFieldKeyTaken: 'Another field already uses the key {{key}}',
  formFieldLabelRequired: 'Enter a label',
  formOptionsRequired: 'Add at least one option, none of them blank',
  formOptionDuplicate: 'Each option must be different',
  formPatternInvalid: 'The pattern is not a valid regular expression',
  formPatternMismatch: 'Does not have the expected format',
  formMinAboveMax: 'The maximum must not be below the minimum',
  formConditionField: 'A condition can only look at a field above this one',
  formParamInvalid: 'Enter the URL parameter: letters, digits, - and _',
  formChooseAtLeast: 'Choose at least {{min}}',
  formFieldNotShown: 'This field is not shown, so it cannot be answered',
  formFieldUnknown: 'This form has no such field',
  formFieldsRequired: 'Add at least one field before publishing',
  formSlugInvalid: 'Use 3 to 60 lowercase letters, digits and single hyphens, not at either end',
  formSlugTaken: 'Another form already uses this address',
  formSlugRetired: 'This address was used before and stays reserved so its old links keep working',
  formUnchanged: 'Nothing changed since the last published version',
  formBreakingChanges: 'This version changes answers already collected. Confirm to publish it',
  formFieldRemoved: 'The field "{{label}}" is removed.',
  formFieldRetyped: 'The field "{{label}}" changes type from {{from}} to {{to}}.',
  formOptionRemoved: 'The option "{{option}}" of "{{label}}" is removed.',
  formSubmissionTitle: 'New answer to {{form}}',
  formSubmissionMessage: 'Someone filled in {{form}} (version {{version}})',
} as const;

export type MessageCode = keyof typeof MESSAGES;

const CODE_BY_TEXT = new Map<string, MessageCode>(
  (Object.entries(MESSAGES) as [MessageCode, string][]).map(([code, text]) => [text, code]),
);

/** A message with its {{placeholders}} filled, as the server sends it. */
export function formatMessage(code: MessageCode, params: Record<string, string | number>): string {
  return MESSAGES[code].replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Templates with placeholders, as regexes that recover the parameters from a filled text. */
const TEMPLATES = (Object.entries(MESSAGES) as [MessageCode, string][])
  .filter(([, text]) => text.includes('{{'))
  .map(([code, text]) => {
    const names: string[] = [];
    const source = text
      .split(/{{\s*(\w+)\s*}}/)
      .map((part, i) => (i % 2 ? (names.push(part), '(.+?)') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    return { code, names, regex: new RegExp(`^${source}$`) };
  });

/** A known message (fixed or filled template) as its code and parameters, or null for free text. */
export function matchMessage(text: string): { code: MessageCode; params: Record<string, string> } | null {
  const code = CODE_BY_TEXT.get(text);
  if (code) return { code, params: {} };
  for (const template of TEMPLATES) {
    const found = template.regex.exec(text);
    if (found)
      return { code: template.code, params: Object.fromEntries(template.names.map((n, i) => [n, found[i + 1]!])) };
  }
  return null;
}

/** The i18n key of a known message text, or null for free text the server composed. */
export function messageKey(text: string): string | null {
  const code = CODE_BY_TEXT.get(text);
  return code ? `messages.${code}` : null;
}
