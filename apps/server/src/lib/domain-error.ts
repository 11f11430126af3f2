import type { ErrorCode, MessageParams } from '@platform/contracts/errors';

/**
 * An error a caller can act on. It carries a stable code from the contracts; the error handler maps
 * it to the HTTP status and a translated message. `detail` may name a field; it is shown to the caller.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly detail: string | undefined;
  /** Values the translated message states (a limit, a date); see `errorMessage`. */
  readonly params: MessageParams | undefined;

  constructor(code: ErrorCode, detail?: string, params?: MessageParams) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'DomainError';
    this.code = code;
    this.detail = detail;
    this.params = params;
  }
}
