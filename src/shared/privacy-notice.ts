/** The version of the privacy notice at /privacy; a shopper's acceptance at sign-up records it (PrivacyNoticeAccepted). */
export const PRIVACY_NOTICE_VERSION = '2026-11-24';
