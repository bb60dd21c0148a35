import { type RenderedEmail, renderEmail } from '../../platform/mail/render-email';
import type { OobKind } from './oob-codes';

/** The four identity emails; wording says what happens and what to do if it was not you. */
export function renderActionEmail(kind: OobKind, link: string, email: string): RenderedEmail {
  switch (kind) {
    case 'VERIFY_EMAIL':
      return renderEmail('Verify your email for Scanline', {
        heading: 'Confirm your email address',
        intro: `Confirm that ${email} is yours to finish setting up your Scanline account. The link works for 3 days.`,
        actionLabel: 'Verify email',
        actionUrl: link,
        outro: 'If you did not create a Scanline account, you can ignore this email.',
      });
    case 'PASSWORD_RESET':
      return renderEmail('Reset your Scanline password', {
        heading: 'Reset your password',
        intro: `Someone asked to reset the password of the Scanline account ${email}. The link works for 1 hour, once.`,
        actionLabel: 'Choose a new password',
        actionUrl: link,
        outro: 'If you did not ask for this, ignore this email: your password stays as it is.',
      });
    case 'EMAIL_SIGNIN':
      return renderEmail('Sign in to Scanline', {
        heading: 'Your sign-in link',
        intro: `Use this link to sign in to Scanline as ${email}. It works for 6 hours, once.`,
        actionLabel: 'Sign in',
        actionUrl: link,
        outro: 'If you did not ask for this link, ignore this email.',
      });
    case 'VERIFY_AND_CHANGE_EMAIL':
      return renderEmail('Confirm your new email for Scanline', {
        heading: 'Confirm your new email address',
        intro: `Confirm ${email} as the new address of your Scanline account. The link works for 1 hour.`,
        actionLabel: 'Confirm new email',
        actionUrl: link,
        outro: 'Until you confirm, your account keeps its current address.',
      });
  }
}
