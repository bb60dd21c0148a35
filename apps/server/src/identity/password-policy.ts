import type { Config } from '../platform/config';
import { IdentityError } from './identity-error';

type Policy = Config['passwordPolicy'];

// The characters Google's policy counts as non-alphanumeric; the SDK's validatePassword reads them.
const NON_ALPHANUMERIC = [...'^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- '];

/** `GET v2/passwordPolicy`, in the shape the firebase SDK's validatePassword expects. */
export function presentPasswordPolicy(policy: Policy) {
  return {
    customStrengthOptions: {
      minPasswordLength: policy.minLength,
      maxPasswordLength: policy.maxLength,
      containsLowercaseCharacter: policy.requireLowercase,
      containsUppercaseCharacter: policy.requireUppercase,
      containsNumericCharacter: policy.requireNumeric,
      containsNonAlphanumericCharacter: policy.requireNonAlphanumeric,
    },
    allowedNonAlphanumericCharacters: NON_ALPHANUMERIC,
    enforcementState: policy.enforcement === 'ENFORCE' ? 'ENFORCE' : 'OFF',
    forceUpgradeOnSignin: false,
    schemaVersion: 1,
  };
}

/** What the password lacks, in Google's wording; empty when it satisfies the policy. */
export function missingRequirements(policy: Policy, password: string): string[] {
  const missing: string[] = [];
  const length = [...password].length;
  if (length < policy.minLength)
    missing.push(`Password must contain at least ${policy.minLength} characters`);
  if (length > policy.maxLength) missing.push(`Password may contain at most ${policy.maxLength} characters`);
  if (policy.requireLowercase && !/\p{Ll}/u.test(password))
    missing.push('Password must contain a lower case character');
  if (policy.requireUppercase && !/\p{Lu}/u.test(password))
    missing.push('Password must contain an upper case character');
  if (policy.requireNumeric && !/[0-9]/.test(password))
    missing.push('Password must contain a numeric character');
  if (policy.requireNonAlphanumeric && ![...password].some((c) => NON_ALPHANUMERIC.includes(c))) {
    missing.push('Password must contain a non-alphanumeric character');
  }
  return missing;
}

/** Enforced on sign-up, password change and reset. The default minimum (6) applies even with enforcement off. */
export function checkPassword(policy: Policy, password: string) {
  if (!password) throw new IdentityError('MISSING_PASSWORD');
  const missing =
    policy.enforcement === 'ENFORCE'
      ? missingRequirements(policy, password)
      : missingRequirements(
          {
            ...policy,
            minLength: 6,
            maxLength: 4096,
            requireLowercase: false,
            requireUppercase: false,
            requireNumeric: false,
            requireNonAlphanumeric: false,
          },
          password,
        );
  if (missing.length === 0) return;
  if (policy.enforcement !== 'ENFORCE')
    throw new IdentityError('WEAK_PASSWORD : Password should be at least 6 characters');
  throw new IdentityError(
    `PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [${missing.join(', ')}]`,
  );
}
