/**
 * Credential normalisation shared by server and agent: match keys, candidate keys of a scan, keys
 * of an enrolled credential, and their hashes for the offline feed (docs/hardware.md §1.5).
 */
export { CredentialFormatError } from './errors.js';
export { MatchingProfile, defaultMatchingProfile, matchingByteOrders } from './profile.js';
export { memberCodeKey } from './keys.js';
export { candidateKeys } from './candidates.js';
export { EnrolmentFormat, detectFormat, enrolmentFormats, enrolmentKeys, type EnrolmentKeys } from './enrolment.js';
export { credentialHash } from './hash.js';
export { cardAsCodeKeys, codeAsCardKeys, otherByteOrderKeys } from './namespace.js';
