/**
 * The one error of credential normalisation. Its message names the rule that was broken and never
 * the value: card numbers and member codes are secrets of the member (docs/architecture.md §2.9), and
 * messages end up in logs and API answers. The server turns it into its own error envelope.
 */
export class CredentialFormatError extends Error {
  readonly code = 'invalid_credential' as const;

  constructor(message: string) {
    super(message);
    this.name = 'CredentialFormatError';
  }
}
