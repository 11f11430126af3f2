import type { ErrorCode } from '@platform/contracts/errors';

/**
 * An error a caller can act on. It carries a stable code from the contracts; the error handler maps
 * it to the HTTP status and a translated message. `detail` may name a field; it is shown to the caller.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly detail: string | undefined;

  constructor(code: ErrorCode, detail?: string) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'DomainError';
    this.code = code;
    this.detail = detail;
  }
}
